/** Stops start-up with a message that names what is wrong (a setting, the DATA_DIR lock), no stack trace. */
export function failStartup(message: string): never {
  console.error(`\nSkillwise cannot start:\n${message}\n`);
  process.exit(1);
}

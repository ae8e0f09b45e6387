// hls.js publishes its light build (no subtitles, alternate audio or DRM, which lesson streams do not
// use) without its own declarations: it has the full build's API.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}

#!/usr/bin/env node
// A video lesson's first frame, its resume after a seek and its stalls, in Chromium over a throttled
// network (Network.emulateNetworkConditions), against nginx serving the same original file in the same
// run. A 10-minute 1080p lesson of about 4 Mbit/s is made once with ffmpeg (kept in bench/.cache), uploaded
// to the compiled app, and played in turns as:
//   A   nginx, the original as uploaded (its index, moov, at the end: ffmpeg's default),
//   B   nginx, the original with its index first (-movflags +faststart),
//   B'  B again on a second port of the same nginx: two identical servers, the run's noise,
//   C   the app's HLS ladder through its own routes, played by hls.js set as the product's player sets it,
//   Ct  C with hls.js's bitrate test on (a first fragment loaded only to measure), as the player had it,
//   D   the app's original (the lesson's content_path once its job moved the index first), a plain <video src>.
// Each play is a fresh browser context (empty cache) whose page is fulfilled on the server's own origin.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openAsBlob,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { apiCall, createCourseWithSection } from './lib/authoring.mjs';
import { jsonOption, readOptions } from './lib/cli.mjs';
import { startNginx, waitFor } from './lib/nginx.mjs';
import { median, root, startServer } from './lib/server.mjs';

const HELP = `Usage: node bench/video-start.mjs [options]     (run \`npm run build\` first)

Makes a 1080p test lesson with ffmpeg once (bench/.cache), starts the compiled app on a DATA_DIR, registers
a school, uploads the lesson, waits for its streaming copies (timing the encode), starts nginx on the same
original, then plays each variant in a fresh Chromium context over each network profile, round by round.

  --rounds <n>          rounds; every variant on every profile once per round (default 3)
  --play-seconds <n>    seconds of playback watched for stalls from the start (default 60)
  --wall-cap <n>        stop watching after this many seconds of wall time however far it played (default 150)
  --minutes <n>         length of the lesson (default 10)
  --port <n>            the app's port (default 3500); nginx takes the next two
  --keep                keep the app's DATA_DIR with the encoded lesson in bench/.cache/video-start-data and
                        use it again next time (no upload, no encode)
  --profiles <list>     fast,slow (default both)
  --variants <list>     A,B,B',C,Ct,D (default all); Ct is C with hls.js's bitrate test on (the player
                        before docs/decisions/043's start without it)
  --profiles-at-once    play each variant on both profiles at the same time (two pages, each with its own
                        emulated link), halving the run's length
  --json                also print every measurement as JSON`;

const options = readOptions(HELP, {
  rounds: { type: 'string', default: '3' },
  'play-seconds': { type: 'string', default: '60' },
  'wall-cap': { type: 'string', default: '150' },
  minutes: { type: 'string', default: '10' },
  port: { type: 'string', default: '3500' },
  keep: { type: 'boolean', default: false },
  profiles: { type: 'string', default: 'fast,slow' },
  variants: { type: 'string', default: "A,B,B',C,Ct,D" },
  'profiles-at-once': { type: 'boolean', default: false },
  ...jsonOption,
});

const ROUNDS = Number(options.rounds);
const PLAY_SECONDS = Number(options['play-seconds']);
const WALL_CAP = Number(options['wall-cap']);
const SECONDS = Math.round(Number(options.minutes) * 60);
const APP_PORT = Number(options.port);
const NGINX_PORT = APP_PORT + 1;
const TWIN_PORT = APP_PORT + 2;
const APP = `http://127.0.0.1:${APP_PORT}`;
const CACHE = path.join(root, 'bench/.cache');
const KEEP_DIR = path.join(CACHE, 'video-start-data');
const SEEK_SHARE = 0.8;
/** The player's size (the product's learning screen at 1280 px shows about this). */
const PLAYER = { width: 1280, height: 720 };
const UPLOAD_KBPS = 750;
const PROFILES = {
  fast: { name: '10 Mbit/s / 20 ms', kbps: 10_000, latency: 20 },
  slow: { name: '1.6 Mbit/s / 150 ms', kbps: 1_600, latency: 150 },
};
const profiles = options.profiles.split(',').map((p) => {
  if (!PROFILES[p]) throw new Error(`--profiles: ${p} is not fast or slow`);
  return p;
});
const ALL_VARIANTS = ['A', 'B', "B'", 'C', 'Ct', 'D'];
const variants = options.variants.split(',');
for (const v of variants)
  if (!ALL_VARIANTS.includes(v)) throw new Error(`--variants: ${v} is not one of ${ALL_VARIANTS.join(',')}`);
const VARIANT_NAMES = {
  A: 'A. nginx, moov at the end',
  B: 'B. nginx, faststart',
  "B'": "B'. nginx, faststart (twin of B)",
  C: 'C. app, HLS ladder (hls.js)',
  Ct: "Ct. C with hls.js's bitrate test",
  D: 'D. app, original (index moved first)',
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (text) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

// ---------------------------------------------------------------------------------------------------
// The test lesson

/** Runs ffmpeg to the end; throws with its last lines when it fails. */
function ffmpeg(args) {
  const run = spawnSync('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw new Error(`ffmpeg: ${run.error.message} (apt-get install ffmpeg)`);
  if (run.status !== 0) throw new Error(`ffmpeg ${args.join(' ')}:\n${run.stderr.slice(-2000)}`);
}

/** The top-level boxes of an MP4 file, in order (type and size). */
function topBoxes(file) {
  const fd = openSync(file, 'r');
  const size = statSync(file).size;
  const boxes = [];
  const head = Buffer.alloc(16);
  try {
    for (let at = 0; at < size; ) {
      readSync(fd, head, 0, 16, at);
      let length = head.readUInt32BE(0);
      const type = head.toString('latin1', 4, 8);
      if (length === 1) length = Number(head.readBigUInt64BE(8));
      else if (length === 0) length = size - at;
      boxes.push({ type, length });
      at += length;
    }
  } finally {
    closeSync(fd);
  }
  return boxes;
}
const indexFirst = (file) => {
  const types = topBoxes(file).map((b) => b.type);
  return types.indexOf('moov') < types.indexOf('mdat');
};

/**
 * The lesson, made once and kept: testsrc2 with moving noise (so 4 Mbit/s is spent as on a real
 * recording), 30 fps, x264 veryfast at 4 Mbit/s (4.4 peak, 8 Mbit buffer), AAC 128k. A 30-second piece is
 * encoded and joined to the length asked without encoding again (the machine has two cores); the joined
 * file keeps ffmpeg's default layout, its index at the end. Answers the original and its faststart copy.
 */
function testLesson() {
  mkdirSync(CACHE, { recursive: true });
  const original = path.join(CACHE, `lesson-1080p-${SECONDS}s.mp4`);
  const faststart = path.join(CACHE, `lesson-1080p-${SECONDS}s-faststart.mp4`);
  if (!existsSync(original)) {
    const piece = path.join(CACHE, 'piece-30s.mp4');
    if (!existsSync(piece)) {
      say('Encoding a 30 s piece of 1080p test video (once; kept in bench/.cache)...');
      const part = `${piece}.part.mp4`;
      ffmpeg([
        ...['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30:duration=30'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=30'],
        ...['-vf', 'noise=alls=12:allf=t+u'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '4M', '-maxrate', '4.4M', '-bufsize', '8M'],
        ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-f', 'mp4', part],
      ]);
      renameSync(part, piece);
    }
    say(`Joining ${SECONDS / 30} pieces into a ${SECONDS / 60}-minute lesson...`);
    const list = path.join(CACHE, 'pieces.txt');
    writeFileSync(list, `file '${piece}'\n`.repeat(Math.ceil(SECONDS / 30)));
    const part = `${original}.part.mp4`;
    ffmpeg(['-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', '-f', 'mp4', part]);
    renameSync(part, original);
  }
  if (!existsSync(faststart)) {
    const part = `${faststart}.part.mp4`;
    ffmpeg(['-i', original, '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', part]);
    renameSync(part, faststart);
  }
  if (indexFirst(original)) throw new Error(`${original} has its index first: delete it to make it again`);
  if (!indexFirst(faststart)) throw new Error(`${faststart} has its index last`);
  return { original, faststart };
}

/** Duration, size and bit rate of a file, from ffprobe. */
function probe(file) {
  const out = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_format', '-of', 'json', file], { encoding: 'utf8' }),
  );
  return {
    seconds: Number(out.format.duration),
    bytes: Number(out.format.size),
    mbps: Number(out.format.bit_rate) / 1e6,
  };
}

// ---------------------------------------------------------------------------------------------------
// The app: a school, a course, the lesson, its encode

/** apps/api/dist must hold the compiled server, video jobs included: the benchmark runs what ships. */
function checkBuild() {
  const server = path.join(root, 'apps/api/dist/server.js');
  if (!existsSync(server)) throw new Error('apps/api/dist/server.js is missing: run `npm run build` first');
  const built = statSync(server).mtimeMs;
  const newest = (dir) =>
    readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name))
      .reduce(
        (latest, e) => Math.max(latest, statSync(path.join(e.parentPath ?? e.path, e.name)).mtimeMs),
        0,
      );
  const sources = newest(path.join(root, 'apps/api/src'));
  if (sources > built) {
    console.warn('Warning: apps/api/src is newer than apps/api/dist/server.js: run `npm run build` again.');
  }
  say('Build: apps/api/dist/server.js found (the benchmark needs `npm run build` run beforehand).');
}

/** The newest message to `email` in the server's outbox (no SMTP_URL: one .eml file per message). */
async function verificationCode(dataDir, email) {
  const outbox = path.join(dataDir, 'outbox');
  for (let i = 0; i < 600; i++) {
    if (existsSync(outbox)) {
      for (const file of readdirSync(outbox).sort().reverse()) {
        const raw = readFileSync(path.join(outbox, file), 'utf8');
        if (!raw.includes(email)) continue;
        const text = raw.replace(/=\r?\n/g, '');
        const code = text.match(/is: (\d{6})/)?.[1];
        if (code) return code;
      }
    }
    await sleep(200);
  }
  throw new Error(`no verification code for ${email} in ${outbox}`);
}

/**
 * A school on the Growth plan through the API, as e2e/support/schools.ts makes one: registered, verified
 * with the code from the outbox, its plan bought in the sandbox with the test card. Answers its login.
 */
async function growthSchool(api, dataDir) {
  const email = `video.${Date.now().toString(36)}@bench.example`;
  const password = 'video bench password';
  await apiCall(api, 'POST', 'organization/RegisterOrg', {
    org_Name: 'Video Bench School',
    org_url: 'https://video-bench.example.com',
    primary_email: email,
    fullName: 'Vera Video',
    password,
  });
  await apiCall(api, 'POST', 'users/VerifyVerificationCode', {
    email,
    verificationCode: await verificationCode(dataDir, email),
  });
  const login = await apiCall(api, 'POST', 'users/Login', { username: email, password });
  const [prices] = await apiCall(api, 'GET', 'pricingplan');
  const order = await apiCall(
    api,
    'POST',
    'organization/CreateOrder',
    {
      price: prices?.monthlyGrowth,
      email_address: email,
      user_id: login.user.user_id,
      subscriptionCategoryType: 'MonthlyGrowth',
    },
    login.token,
  );
  await apiCall(
    api,
    'POST',
    `sandbox/orders/${order.id}/approve`,
    { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Vera Video' },
    login.token,
  );
  await apiCall(
    api,
    'POST',
    'organization/CaptureOrder',
    { orderId: order.id, subscriptionCategoryType: 'MonthlyGrowth' },
    login.token,
  );
  return { email, password };
}

/** CPU seconds of a process: its own (utime + stime) and its waited-for children's (cutime + cstime). */
function cpuOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const tick = 100; // getconf CLK_TCK on Linux
  return {
    own: (Number(fields[11]) + Number(fields[12])) / tick,
    children: (Number(fields[13]) + Number(fields[14])) / tick,
  };
}

/** The lesson's answer (content_path and video), signed afresh for `token`. */
const lessonAnswer = (api, token, lessonId) =>
  apiCall(api, 'GET', `lessons/GetLessonContentUrl/${lessonId}`, undefined, token);

/**
 * Uploads the lesson (multipart, streamed from disk), publishes lesson, section and course, and waits for
 * the video job to make the copies, timing it: wall time and the CPU the server's ffmpeg children used
 * (the server's cutime + cstime: every child it waited for) and the server's own (the index move).
 */
async function uploadAndEncode(api, dataDir, file, lengthSeconds, serverPid) {
  const school = await growthSchool(api, dataDir);
  const { token } = await apiCall(api, 'POST', 'users/Login', {
    username: school.email,
    password: school.password,
  });
  const { courseId, sectionId } = await createCourseWithSection(api, token, 'Video bench');
  const form = new FormData();
  form.set('Object.lesson_Id', '0');
  form.set('Object.lesson_title', 'A 1080p lesson');
  form.set('Object.contentType', 'video');
  form.set('Object.section_Id', String(sectionId));
  form.set('fileName', await openAsBlob(file, { type: 'video/mp4' }), 'lesson.mp4');
  say(`Uploading ${(statSync(file).size / 1024 / 1024).toFixed(0)} MiB...`);
  const cpuBefore = cpuOf(serverPid);
  const uploadStarted = performance.now();
  const lesson = await apiCall(api, 'POST', 'lessons/createLessons', form, token);
  const uploaded = performance.now();
  say(`Uploaded in ${((uploaded - uploadStarted) / 1000).toFixed(1)} s; lesson ${lesson.lesson_Id}.`);
  await apiCall(
    api,
    'PUT',
    'lessons/publishUnpublishLesson',
    { Id: lesson.lesson_Id, published: true },
    token,
  );
  await apiCall(
    api,
    'PUT',
    'courseSections/publishUnpublishSection',
    { Id: sectionId, published: true },
    token,
  );
  await apiCall(api, 'PUT', 'courses/publishUnpublishCourse', { Id: courseId, published: true }, token);
  const loads = [];
  let answer;
  let lastSaid = 0;
  for (;;) {
    answer = await lessonAnswer(api, token, lesson.lesson_Id);
    const state = answer.video?.state;
    loads.push(loadavg()[0]);
    if (state === 'ready') break;
    if (state === 'failed' || state === 'off' || !state) {
      throw new Error(
        `the lesson's video is ${state}: ${answer.video?.error ?? JSON.stringify(answer.video)}`,
      );
    }
    if (performance.now() - lastSaid > 30_000) {
      lastSaid = performance.now();
      const spent = cpuOf(serverPid);
      say(
        `video ${state} ${answer.video.progress ?? 0}% after ${((performance.now() - uploaded) / 1000).toFixed(0)} s (ffmpeg CPU so far, finished children only: ${(spent.children - cpuBefore.children).toFixed(0)} s; load ${loadavg()[0].toFixed(1)})`,
      );
    }
    await sleep(2000);
  }
  const cpuAfter = cpuOf(serverPid);
  const encode = {
    wallSeconds: (performance.now() - uploaded) / 1000,
    ffmpegCpuSeconds: cpuAfter.children - cpuBefore.children,
    serverCpuSeconds: cpuAfter.own - cpuBefore.own,
    lengthSeconds,
    cores: cpus().length,
    loadAverage: median(loads),
  };
  return { school, lessonId: lesson.lesson_Id, encode };
}

// ---------------------------------------------------------------------------------------------------
// nginx

/** The original and its faststart copy on NGINX_PORT; the faststart copy again on TWIN_PORT (B'). */
const nginxServers = (files) => `  types { video/mp4 mp4; }
  server {
    listen 127.0.0.1:${NGINX_PORT};
    location = /original.mp4 { alias ${files.original}; }
    location = /faststart.mp4 { alias ${files.faststart}; }
  }
  server {
    listen 127.0.0.1:${TWIN_PORT};
    location = /faststart.mp4 { alias ${files.faststart}; }
  }`;

// ---------------------------------------------------------------------------------------------------
// The player page and one play

/** hls.js as the web app installs it (apps/web's dependency; the root's when hoisted). */
function hlsScript() {
  for (const dir of ['apps/web/node_modules/hls.js', 'node_modules/hls.js']) {
    const file = path.join(root, dir, 'dist/hls.light.min.js');
    if (existsSync(file)) {
      const version = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')).version;
      return { source: readFileSync(file, 'utf8'), version };
    }
  }
  throw new Error('hls.js is not installed: `npm install` (or `npm i --no-save hls.js@1` in apps/web)');
}

const pageHtml = (hls) => `<!doctype html>
<html><head><meta charset="utf-8"><title>video bench</title></head>
<body style="margin:0;background:#000">
<video id="v" width="${PLAYER.width}" height="${PLAYER.height}" playsinline preload="auto"></video>
${hls ? `<script>${hls.replace(/<\/script/g, '<\\/script')}</script>` : ''}
</body></html>`;

/**
 * In the page: gives the player its source and answers the times. First frame: from the source given to
 * the first frame presented (requestVideoFrameCallback). Stalls: 'waiting' events after 'playing' first
 * fired, and the seconds from each to the next 'playing', over the first `playSeconds` of the lesson (or
 * `wallCap` seconds of wall time, whichever first). Seek: from currentTime set to 80% to the next frame
 * presented near there.
 */
async function playInPage({ mode, src, playSeconds, wallCap, seekShare, hlsConfig }) {
  const video = document.getElementById('v');
  const now = () => performance.now();
  const frame = (accept, timeoutMs) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => resolve(undefined), timeoutMs);
      const callback = (at, meta) => {
        if (!accept(meta)) {
          video.requestVideoFrameCallback(callback);
          return;
        }
        clearTimeout(timer);
        resolve({ at: Math.min(at, now()), mediaTime: meta.mediaTime, presented: meta.presentedFrames });
      };
      video.requestVideoFrameCallback(callback);
    });
  const result = { downlink: navigator.connection?.downlink ?? null, errors: [] };
  let playingSeen = false;
  let watching = true;
  let waits = 0;
  let stalledMs = 0;
  let waitingSince = null;
  video.addEventListener('playing', () => {
    playingSeen = true;
    if (waitingSince !== null) {
      if (watching) stalledMs += now() - waitingSince;
      waitingSince = null;
    }
  });
  video.addEventListener('waiting', () => {
    if (!playingSeen || !watching) return;
    waits++;
    waitingSince = now();
  });
  video.addEventListener('error', () => result.errors.push(video.error?.message ?? 'media error'));

  let hls;
  const levelsPlayed = [];
  // The fragments hls.js loads from the seek on (the first ones to finish after it), to see what a seek costs.
  const fragsAfterSeek = [];
  let seeking = false;
  let seekStarted = 0;
  const started = now();
  const first = frame(() => true, 180_000);
  if (mode === 'hls') {
    hls = new window.Hls(hlsConfig);
    hls.on(window.Hls.Events.LEVEL_SWITCHED, (_e, data) => {
      levelsPlayed.push({ at: (now() - started) / 1000, height: hls.levels[data.level]?.height });
    });
    hls.on(window.Hls.Events.FRAG_LOADED, (_e, data) => {
      if (!seeking || data.frag.sn === 'initSegment') return;
      const { loading } = data.frag.stats;
      fragsAfterSeek.push({
        height: hls.levels[data.frag.level]?.height,
        start: data.frag.start,
        duration: data.frag.duration,
        kib: Math.round(data.frag.stats.loaded / 1024),
        atSeconds: (loading.start - seekStarted) / 1000,
        loadSeconds: (loading.end - loading.start) / 1000,
      });
    });
    hls.on(window.Hls.Events.ERROR, (_e, data) => {
      if (data.fatal) result.errors.push(`${data.type} ${data.details}`);
    });
    hls.attachMedia(video);
    hls.loadSource(src);
  } else {
    video.src = src;
  }
  video.play().catch((error) => result.errors.push(`play(): ${error.message}`));
  const firstFrame = await first;
  if (!firstFrame) {
    result.errors.push('no frame within 180 s');
    return result;
  }
  result.firstFrameSeconds = (firstFrame.at - started) / 1000;

  // A minute of playback from the start.
  const watchStarted = now();
  while (video.currentTime < playSeconds && now() - watchStarted < wallCap * 1000 && !video.ended) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  watching = false;
  if (waitingSince !== null) stalledMs += now() - waitingSince;
  result.waits = waits;
  result.stalledSeconds = stalledMs / 1000;
  result.played = video.currentTime;
  result.watchedSeconds = (now() - watchStarted) / 1000;
  result.capped = video.currentTime < playSeconds;
  result.levelAfterMinute = hls ? hls.levels[hls.currentLevel]?.height : video.videoHeight;

  // A seek to 80%.
  const target = video.duration * seekShare;
  seekStarted = now();
  seeking = true;
  const resumed = frame((meta) => meta.mediaTime >= target - 1 && meta.mediaTime <= target + 30, 180_000);
  video.currentTime = target;
  const resumeFrame = await resumed;
  if (resumeFrame) result.seekSeconds = (resumeFrame.at - seekStarted) / 1000;
  else result.errors.push('no frame within 180 s of the seek');
  if (hls) {
    result.levels = hls.levels.map((l) => ({ height: l.height, kbps: Math.round(l.bitrate / 1000) }));
    result.levelsPlayed = levelsPlayed;
    result.fragsAfterSeek = fragsAfterSeek.slice(0, 4);
    result.bandwidthEstimate = Math.round(hls.bandwidthEstimate);
    hls.destroy();
  }
  video.removeAttribute('src');
  video.load();
  return result;
}

/**
 * The product's player's hls.js settings (apps/web/src/features/learning/hooks/use-stream.ts): no worker,
 * automatic start at the level the browser's own downlink estimate (80% of it) allows, without hls.js's
 * bitrate test (Ct turns it on), capped to the player's size.
 */
const productHlsConfig = (downlinkMbps, testBandwidth = false) => ({
  enableWorker: false,
  startLevel: -1,
  testBandwidth,
  capLevelToPlayerSize: true,
  ...(downlinkMbps > 0 ? { abrEwmaDefaultEstimate: downlinkMbps * 1_000_000 * 0.8 } : {}),
});

async function playOnce(browser, { origin, src, mode, profile, hls, testBandwidth }) {
  const context = await browser.newContext({ viewport: PLAYER, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    const pageUrl = `${origin}/__video-bench.html`;
    const html = pageHtml(mode === 'hls' ? hls.source : undefined);
    await page.route(pageUrl, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
    );
    await page.goto(pageUrl);
    // No request interception while measuring: every later request goes straight to the network stack.
    await page.unrouteAll();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latency,
      downloadThroughput: (profile.kbps * 1000) / 8,
      uploadThroughput: (UPLOAD_KBPS * 1000) / 8,
    });
    const downlink = await page.evaluate(() => navigator.connection?.downlink ?? 0);
    return await page.evaluate(playInPage, {
      mode,
      src,
      playSeconds: PLAY_SECONDS,
      wallCap: WALL_CAP,
      seekShare: SEEK_SHARE,
      hlsConfig: productHlsConfig(downlink, testBandwidth),
    });
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// Figures

const f1 = (n) => (Number.isFinite(n) ? n.toFixed(2) : '-');
const range = (values) => {
  const ok = values.filter(Number.isFinite);
  if (ok.length === 0) return '-';
  return `${f1(median(ok))} (${f1(Math.min(...ok))}-${f1(Math.max(...ok))})`;
};
const countRange = (values) => {
  const ok = values.filter(Number.isFinite);
  if (ok.length === 0) return '-';
  return `${median(ok)} (${Math.min(...ok)}-${Math.max(...ok)})`;
};

function report(results) {
  for (const key of profiles) {
    const profile = PROFILES[key];
    console.log(`\n### ${profile.name} (upload ${UPLOAD_KBPS} kbit/s), ${ROUNDS} rounds: median (range)\n`);
    console.log(
      `| variant | first frame, s | resume after a seek to ${SEEK_SHARE * 100}%, s | 'waiting' in the first ${PLAY_SECONDS} s | stalled, s | played in the watch |`,
    );
    console.log('|---|---|---|---|---|---|');
    for (const v of variants) {
      const runs = results[key][v];
      const played = runs.map((r) => `${f1(r.played)} s in ${f1(r.watchedSeconds)} s`);
      const cappedRuns = runs.filter((r) => r.capped).length;
      console.log(
        `| ${VARIANT_NAMES[v]} | ${range(runs.map((r) => r.firstFrameSeconds))} | ${range(runs.map((r) => r.seekSeconds))} | ${countRange(runs.map((r) => r.waits))} | ${range(runs.map((r) => r.stalledSeconds))} | ${cappedRuns ? `${cappedRuns} of ${runs.length} cut at ${WALL_CAP} s wall: ` : ''}${played.join('; ')} |`,
      );
    }
    if (variants.includes('B')) {
      console.log("\nRatios to B, median of the rounds' ratios (range):\n");
      console.log('| ratio | first frame | seek resume |');
      console.log('|---|---|---|');
      for (const v of ['C', 'Ct', 'D', "B'"].filter((x) => variants.includes(x))) {
        const ratio = (field) => range(results[key][v].map((r, i) => r[field] / results[key].B[i]?.[field]));
        console.log(
          `| ${v}/B${v === "B'" ? ' (noise)' : ''} | ${ratio('firstFrameSeconds')} | ${ratio('seekSeconds')} |`,
        );
      }
    }
    const c = results[key].C;
    if (c?.length) {
      const heights = c.map((r) => (r.levelsPlayed ?? []).map((l) => l.height).join('>') || '?');
      console.log(`\nC's levels in each round (start > switches): ${heights.join(' | ')}`);
      console.log(
        `C's bandwidth estimate at the end (kbit/s): ${c.map((r) => Math.round((r.bandwidthEstimate ?? 0) / 1000)).join(', ')}`,
      );
      console.log(
        `navigator.connection.downlink seen by the page (Mbit/s): ${c.map((r) => r.downlink).join(', ')}`,
      );
    }
    const errors = variants.flatMap((v) => results[key][v].flatMap((r) => r.errors.map((e) => `${v}: ${e}`)));
    if (errors.length) console.log(`\nErrors: ${errors.join('; ')}`);
  }
  // Targets.
  console.log('\nTargets:');
  const slowC = results.slow?.C;
  if (slowC?.length) {
    const ff = median(slowC.map((r) => r.firstFrameSeconds));
    const seek = median(slowC.map((r) => r.seekSeconds));
    const waits = Math.max(...slowC.map((r) => r.waits));
    console.log(
      `- 1.6 Mbit/s, HLS first frame <= 2.5 s: median ${f1(ff)} s, worst ${f1(Math.max(...slowC.map((r) => r.firstFrameSeconds)))} s: ${ff <= 2.5 ? 'met' : `missed by ${f1(ff - 2.5)} s`}`,
    );
    console.log(
      `- 1.6 Mbit/s, HLS no stall in a minute: most 'waiting' in a round ${waits}: ${waits === 0 ? 'met' : 'missed'}`,
    );
    console.log(
      `- 1.6 Mbit/s, HLS resume after a seek <= 2 s: median ${f1(seek)} s: ${seek <= 2 ? 'met' : `missed by ${f1(seek - 2)} s`}`,
    );
  }
  const fastC = results.fast?.C;
  if (fastC?.length && results.fast.B?.length) {
    const ratio = median(fastC.map((r, i) => r.firstFrameSeconds / results.fast.B[i].firstFrameSeconds));
    const noise = results.fast["B'"]?.length
      ? ` (B'/B noise ${range(results.fast["B'"].map((r, i) => r.firstFrameSeconds / results.fast.B[i].firstFrameSeconds))})`
      : '';
    console.log(
      `- 10 Mbit/s, HLS first frame <= 1.0x B: ${f1(ratio)}x${noise}: ${ratio <= 1 ? 'met' : `missed by ${f1(ratio - 1)}x`}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------
// The run

checkBuild();
const hlsPlayed = variants.includes('C') || variants.includes('Ct');
const hls = hlsPlayed ? hlsScript() : undefined;
const files = testLesson();
const source = probe(files.original);
say(
  `Lesson: ${(source.seconds / 60).toFixed(1)} min, ${(source.bytes / 1024 / 1024).toFixed(0)} MiB, ${source.mbps.toFixed(2)} Mbit/s, index at the end (${path.relative(root, files.original)}); faststart copy beside it.`,
);

const appNeeded = hlsPlayed || variants.includes('D');
let dataDir;
if (options.keep) {
  dataDir = KEEP_DIR;
  mkdirSync(dataDir, { recursive: true });
} else if (appNeeded) {
  dataDir = mkdtempSync(path.join(tmpdir(), 'skillwise-bench-video-'));
}
const nginxDir = mkdtempSync(path.join(tmpdir(), 'skillwise-bench-video-nginx-'));
// With only nginx's variants asked for, the app is not started.
const server = appNeeded
  ? await startServer({ port: APP_PORT, dataDir, env: { SEED_DEMO: 'false', PUBLIC_URL: APP } })
  : undefined;
let nginx;
let browser;
/** Stops what the run started (also on Ctrl-C: the app runs in a process group of its own). */
let cleaned;
const cleanUp = () => {
  cleaned ??= (async () => {
    await browser?.close().catch(() => {});
    nginx?.kill('SIGQUIT');
    await server?.stop();
    rmSync(nginxDir, { recursive: true, force: true });
    if (!options.keep && dataDir) rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleaned;
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => cleanUp().then(() => process.exit(130)));
}
try {
  const api = `${APP}/api`;
  let state;
  let token;
  if (server) {
    const stateFile = path.join(dataDir, 'video-bench.json');
    state = existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, 'utf8')) : undefined;
    if (state && state.seconds !== SECONDS) state = undefined;
    if (state) {
      say(`Using the lesson encoded before in ${dataDir} (--keep).`);
    } else {
      const made = await uploadAndEncode(api, dataDir, files.original, source.seconds, server.pid);
      state = { ...made, seconds: SECONDS };
      writeFileSync(stateFile, JSON.stringify(state, null, 2));
    }
    const e = state.encode;
    say(
      `Encode (index moved first, posters, ladder): ${e.wallSeconds.toFixed(0)} s wall (${(e.wallSeconds / e.lengthSeconds).toFixed(2)}x the lesson's length, load average ${e.loadAverage.toFixed(1)} on ${e.cores} cores), ffmpeg ${e.ffmpegCpuSeconds.toFixed(0)} CPU s (${(e.ffmpegCpuSeconds / e.lengthSeconds).toFixed(2)} CPU s per second of video: ${(e.ffmpegCpuSeconds / e.cores / e.lengthSeconds).toFixed(2)}x its length on ${e.cores} idle cores), the server ${e.serverCpuSeconds.toFixed(1)} CPU s.`,
    );
    ({ token } = await apiCall(api, 'POST', 'users/Login', {
      username: state.school.email,
      password: state.school.password,
    }));
    const first = await lessonAnswer(api, token, state.lessonId);
    if (first.video?.state !== 'ready') throw new Error(`the lesson's video is ${first.video?.state}`);
  }

  nginx = startNginx(nginxDir, nginxServers(files));
  await waitFor(`http://127.0.0.1:${NGINX_PORT}/original.mp4`);
  await waitFor(`http://127.0.0.1:${TWIN_PORT}/faststart.mp4`);

  const { chromium } = await import(path.join(root, 'node_modules/playwright-core/index.mjs'));
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  say(
    `Chromium ${browser.version()}; hls.js ${hls?.version ?? '-'}; ${ROUNDS} rounds of ${variants.join(', ')} on ${profiles.join(', ')}.`,
  );

  /** Where each variant plays from; the app's URLs are signed afresh for each play, as the player gets them. */
  const sources = {
    A: async () => ({
      origin: `http://127.0.0.1:${NGINX_PORT}`,
      src: `http://127.0.0.1:${NGINX_PORT}/original.mp4`,
      mode: 'file',
    }),
    B: async () => ({
      origin: `http://127.0.0.1:${NGINX_PORT}`,
      src: `http://127.0.0.1:${NGINX_PORT}/faststart.mp4`,
      mode: 'file',
    }),
    "B'": async () => ({
      origin: `http://127.0.0.1:${TWIN_PORT}`,
      src: `http://127.0.0.1:${TWIN_PORT}/faststart.mp4`,
      mode: 'file',
    }),
    C: async () => {
      const answer = await lessonAnswer(api, token, state.lessonId);
      return { origin: APP, src: new URL(answer.video.stream_url, APP).toString(), mode: 'hls' };
    },
    Ct: async () => ({ ...(await sources.C()), testBandwidth: true }),
    D: async () => {
      const answer = await lessonAnswer(api, token, state.lessonId);
      return { origin: APP, src: new URL(answer.content_path, APP).toString(), mode: 'file' };
    },
  };
  const results = Object.fromEntries(
    profiles.map((p) => [p, Object.fromEntries(variants.map((v) => [v, []]))]),
  );
  const playAndSay = async (round, key, v) => {
    const where = await sources[v]();
    const result = await playOnce(browser, { ...where, profile: PROFILES[key], hls });
    results[key][v].push(result);
    say(
      `round ${round + 1} ${PROFILES[key].name} ${v}: first frame ${f1(result.firstFrameSeconds)} s, seek ${f1(result.seekSeconds)} s, waiting ${result.waits} (${f1(result.stalledSeconds)} s), played ${f1(result.played)} s in ${f1(result.watchedSeconds)} s${result.levelsPlayed ? `, levels ${result.levelsPlayed.map((l) => l.height).join('>')}` : ''}${result.fragsAfterSeek?.length ? `, after the seek ${result.fragsAfterSeek.map((f) => `${f.height}p ${f.start.toFixed(1)}+${f.duration.toFixed(1)} s ${f.kib} KiB from ${f.atSeconds.toFixed(2)} s in ${f.loadSeconds.toFixed(2)} s`).join(', ')}` : ''}${result.errors.length ? `, errors: ${result.errors.join('; ')}` : ''}`,
    );
  };
  for (let round = 0; round < ROUNDS; round++) {
    // Each round starts the variants at a different place in the list, so none always goes first.
    const order = variants.map((_, i) => variants[(i + round) % variants.length]);
    if (options['profiles-at-once']) {
      for (const v of order) await Promise.all(profiles.map((key) => playAndSay(round, key, v)));
    } else {
      for (const key of profiles) for (const v of order) await playAndSay(round, key, v);
    }
  }
  console.log(
    `\nLesson: ${(source.seconds / 60).toFixed(1)} min of 1080p30 at ${source.mbps.toFixed(2)} Mbit/s (${(source.bytes / 1024 / 1024).toFixed(0)} MiB); player ${PLAYER.width}x${PLAYER.height}; Chromium ${browser.version()}, hls.js ${hls?.version ?? '-'}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  report(results);
  if (options.json) console.log(JSON.stringify({ encode: state?.encode, source, results }, null, 2));
} finally {
  await cleanUp();
}

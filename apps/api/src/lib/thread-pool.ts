/**
 * libuv's thread pool reads every stored file (and resolves host names). Its default of 4 threads made
 * 20 lesson videos streamed at once wait for each other: at 16 the server streams them as fast as nginx
 * does with sendfile (docs/BENCHMARKS.md, lesson media). Password hashing has worker threads of its own
 * (lib/crypto.ts), so logins never hold these. The pool is made with its first task, so this module is
 * the server's first import; an operator's own UV_THREADPOOL_SIZE is kept.
 */
export const DEFAULT_THREAD_POOL_SIZE = 16;

process.env.UV_THREADPOOL_SIZE ??= String(DEFAULT_THREAD_POOL_SIZE);

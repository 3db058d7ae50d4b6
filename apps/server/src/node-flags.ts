/**
 * How Node runs the production server: `npm start`, `npm run serve`, the cluster and the benches
 * all start `apps/server/dist/server.js` with these flags (`test/node-flags.test.ts` holds the
 * package scripts to them).
 *
 * - Stack traces name our source files, not the bundle's lines.
 * - The JavaScript heap's old generation is held to 192 MB. Left to itself, V8 lets garbage
 *   build up to several times what is alive before it collects: under `npm run bench` the
 *   server's memory peaked anywhere between 257 and 380 MB from one run to the next, while what
 *   was alive after a full collection was about 71 MB (`--trace-gc`). Held to 192 MB it
 *   collects sooner (a few milliseconds each time) and peaks near 215 MB. A building ten thousand
 *   apartments large stays well inside it (docs/perf.md). A flag given here wins over the same
 *   flag in `NODE_OPTIONS`: a server that needs more is given more here, or started with
 *   `node --max-old-space-size=… apps/server/dist/server.js` by whatever supervises it.
 * - WebAssembly is compiled once, by V8's optimising compiler, not first by its baseline
 *   compiler (Liftoff) and again when a function runs hot. The embedded database is PostgreSQL
 *   compiled to WebAssembly: with both compilers its server peaked at 364 MB under
 *   `npm run bench`, without the baseline one at 302–308 MB, and its queries ran faster from the
 *   start (`docs/perf.md`). The price is 1.3 s more at start, while the module compiles; a server
 *   on PostgreSQL loads no WebAssembly worth the name and is not affected.
 * - The young generation is held to 4 MB a half. V8 lets it grow to 16 MB a half (and keeps both
 *   halves resident) when the server allocates fast, as it does under load, though a request's
 *   garbage is short-lived and what survives a collection is small. Under the same load an
 *   embedded server peaked 20–40 MB lower with it (`npm run bench:memory`, runs alternated);
 *   the collections it adds each copy what is alive, which is little, and the answers per second
 *   stayed within their run-to-run spread.
 */
export const SERVER_NODE_FLAGS = [
  '--enable-source-maps',
  '--max-old-space-size=192',
  '--no-liftoff',
  '--max-semi-space-size=4',
] as const;

/**
 * The environment the production server starts with, beside its flags: `npm start` and
 * `npm run serve` set it unless the environment has a value of its own (an empty value counts as
 * none), the cluster likewise, and the benches unless a bench gives its own.
 *
 * - The C library's allocator (glibc) gives a freed block of 32 KB or more back to the system at
 *   once, rather than keeping it for later. Left to itself, glibc raises that bar as large blocks
 *   are freed, up to 32 MB, and keeps what it frees below it. An embedded server frees many
 *   blocks of 32 KB and more as it starts (V8 compiling the database's WebAssembly on several
 *   threads, the migrations, the demo data); kept, they held 25–35 MB that it never used again.
 *   A login's password hash (argon2id) takes 19 MiB, which was kept too after the first. With the
 *   bar at 32 KB an embedded server is ready at about 196 MB instead of 226–243 MB, and peaks at
 *   239–245 MB under `npm run bench`'s reads and login flood instead of 273–283 MB; at 64 KB it
 *   peaked at 260 MB, at 128 KB at 243–255 MB (`npm run bench:memory`, `docs/perf.md`).
 * - The price is paid at start: an embedded server reopening its database is ready in 10–13 s
 *   instead of 5–8 s (the many blocks are mapped and unmapped one by one), a login costs about
 *   4 ms more (its 19 MiB is mapped afresh each time), and the reads' processor time per answer
 *   stayed within its spread. The short-lived process that creates a new database
 *   (db/pglite-initdb.ts) runs without it. Other C libraries (musl) ignore the setting.
 */
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: '32768' } as const;

/**
 * Excel import benchmark: writes 10,000- and 100,000-row sheets with exceljs's streaming writer,
 * then, each in its own process (so peak RSS is its own): exceljs alone stream-reading the same
 * file row by row (the floor: no import can read the file faster), and the real importer (zip
 * guard, the sheet read in a worker thread, validation, one transaction) into a fresh SQLite
 * database, the importer compiled as the server runs it; the two take turns five times and
 * their medians are compared. Run from
 * bff/: `npm run bench:upload` (optional sizes: `-- 5000 50000`). Targets on a 2-core machine:
 * 10k < 3 s, 100k < 30 s, peak RSS < 400 MB, import / exceljs-alone <= 2.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBff } from '../lib/common.mjs';
import type { createAuditRepo as CreateAuditRepo } from '../../bff/src/data/audit-repo.js';
import type { openDatabase as OpenDatabase } from '../../bff/src/data/open-database.js';
import type { systemClock as SystemClock } from '../../bff/src/lib/clock.js';
import type { importEnrolments as ImportEnrolments } from '../../bff/src/services/admin/upload/importer.js';

const LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** Runs of each side per size (BENCH_UPLOAD_RUNS), medians compared. */
const RUNS = Math.max(1, Number(process.env.BENCH_UPLOAD_RUNS ?? 5));
const FIRST = [
  'María',
  'Xoán',
  'Uxía',
  'Antonio',
  'Lucía',
  'Brais',
  'Carmen',
  'Iago',
  'Sabela',
  'Pablo',
];
const LAST = [
  'López',
  'Pereira',
  'Fernández',
  'Castro',
  'Rial',
  'Souto',
  'García',
  'Lema',
  'Otero',
  'Vázquez',
];
const ACTIVITIES: [string, number, Date | null][] = [
  ['Natación infantil', 60, new Date(Date.UTC(2026, 9, 1))],
  ['Pádel adultos', 85.5, null],
  ['Yoga senior', 40, new Date(Date.UTC(2027, 0, 10))],
  ['Baloncesto alevín', 45, new Date(Date.UTC(2026, 8, 15))],
  ['Pilates', 35, null],
  ['Atletismo', 30, null],
  ['Ajedrez', 15, null],
  ['Zumba', 25, new Date(Date.UTC(2026, 9, 5))],
];

// loaded where used: each measured child starts without exceljs, as the server does (it loads
// the library in the worker thread that reads an upload)
const loadExcelJS = async () => (await import('exceljs')).default;

async function writeSheet(path: string, rows: number): Promise<void> {
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useSharedStrings: true,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet('Inscripciones');
  sheet.columns = [
    { header: 'Nombre', key: 'a' },
    { header: 'Apellidos', key: 'b' },
    { header: 'DNI', key: 'c' },
    { header: 'Correo electrónico', key: 'd' },
    { header: 'Teléfono', key: 'e' },
    { header: 'Actividad', key: 'f' },
    { header: 'Precio', key: 'g' },
    { header: 'Fecha de inicio', key: 'h', style: { numFmt: 'dd/mm/yyyy' } },
    { header: 'Pagado', key: 'i' },
  ];
  sheet.getRow(1).commit();
  // two activities per person
  for (let i = 0; i < rows; i++) {
    const person = Math.floor(i / 2);
    const digits = 10_000_000 + person;
    const [name, price, start] = ACTIVITIES[
      (person + (i % 2) * 3) % ACTIVITIES.length
    ] as (typeof ACTIVITIES)[number];
    sheet
      .addRow([
        FIRST[person % FIRST.length],
        `${LAST[person % LAST.length]} ${LAST[Math.floor(person / 10) % LAST.length]}`,
        `${digits}${LETTERS[digits % 23]}`,
        person % 3 === 0 ? '' : `persona${person}@example.es`,
        String(600_000_000 + person),
        name,
        price,
        start,
        i % 5 === 0 ? 'sí' : '',
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * exceljs alone: loaded, then every row of the first sheet streamed and its values read, nothing
 * else (the import's time includes loading it too, in its reader thread).
 */
async function readOnce(file: string): Promise<void> {
  const started = performance.now();
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  (workbook as unknown as { model?: object }).model ??= {};
  let rows = 0;
  let cells = 0;
  for await (const worksheet of workbook) {
    for await (const row of worksheet) {
      rows++;
      cells += (row.values as unknown[]).length;
    }
    break;
  }
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(`${JSON.stringify({ rows, cells, seconds })}\n`);
}

function child<T>(mode: string, file: string): T {
  const run = spawnSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), mode, file],
    {
      encoding: 'utf8',
      env: { ...process.env, LOG_LEVEL: 'silent' },
    },
  );
  if (run.status !== 0) {
    process.stderr.write(run.stderr);
    throw new Error(`${mode} of ${file} failed`);
  }
  return JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as T;
}

// the importer as the server runs it: compiled by `npm run build` (main() builds it first)
const built = (path: string) => import(new URL(`../../bff/dist/src/${path}`, import.meta.url).href);

async function importOnce(file: string): Promise<void> {
  const { createAuditRepo } = (await built('data/audit-repo.js')) as {
    createAuditRepo: typeof CreateAuditRepo;
  };
  const { openDatabase } = (await built('data/open-database.js')) as {
    openDatabase: typeof OpenDatabase;
  };
  const { systemClock } = (await built('lib/clock.js')) as { systemClock: typeof SystemClock };
  const { importEnrolments } = (await built('services/admin/upload/importer.js')) as {
    importEnrolments: typeof ImportEnrolments;
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-import-db-'));
  const db = await openDatabase({ databaseUrl: null, dataDir });
  try {
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    const result = await importEnrolments(
      { db, audit: createAuditRepo(db), clock: systemClock },
      { path: file, name: 'bench.xlsx' },
      { id: 1, dni: '12345678Z', ip: null },
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const peakRssMb = process.resourceUsage().maxRSS / 1024;
    process.stdout.write(`${JSON.stringify({ ...result, seconds, cpuSeconds, peakRssMb })}\n`);
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const [mode, file] = process.argv.slice(2);
  if (mode === '--import-child' && file) return importOnce(file);
  if (mode === '--read-child' && file) return readOnce(file);

  process.stdout.write(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${cpus().length} cores\n`,
  );
  await buildBff();
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  const keep = process.env.BENCH_KEEP_DIR;
  const dir = keep ?? mkdtempSync(join(tmpdir(), 'bench-import-'));
  const targets: Record<number, number> = { 10_000: 3, 100_000: 30 };
  let failed = false;
  try {
    for (const rows of sizes.length > 0 ? sizes : [10_000, 100_000]) {
      const path = join(dir, `inscripciones-${rows}.xlsx`);
      const writeStarted = performance.now();
      await writeSheet(path, rows);
      const sizeMb = statSync(path).size / (1024 * 1024);
      process.stdout.write(
        `${rows} rows: file ${sizeMb.toFixed(2)} MB written in ${((performance.now() - writeStarted) / 1000).toFixed(1)} s\n`,
      );
      // exceljs alone and the import take turns, RUNS times each: this machine's speed moves by
      // a sixth within minutes, so one pair of runs can tip the ratio either way; the medians
      // (and every run) are printed
      type ImportRun = {
        rows: number;
        added: number;
        activities_created: number;
        seconds: number;
        cpuSeconds: number;
        peakRssMb: number;
      };
      const reads: { rows: number; seconds: number }[] = [];
      const imports: ImportRun[] = [];
      for (let run = 0; run < RUNS; run++) {
        reads.push(child<{ rows: number; seconds: number }>('--read-child', path));
        imports.push(child<ImportRun>('--import-child', path));
      }
      const byTime = <T extends { seconds: number }>(runs: T[]) =>
        [...runs].sort((a, b) => a.seconds - b.seconds);
      const read = byTime(reads)[Math.floor(RUNS / 2)] as { rows: number; seconds: number };
      const r = byTime(imports)[Math.floor(RUNS / 2)] as ImportRun;
      const peakRssMb = Math.max(...imports.map((run) => run.peakRssMb));
      const ratio = r.seconds / read.seconds;
      const target = targets[rows];
      const ok = (target === undefined || r.seconds < target) && peakRssMb < 400 && ratio <= 2;
      failed ||= !ok;
      const list = (runs: { seconds: number }[]) =>
        runs.map((run) => run.seconds.toFixed(2)).join(', ');
      process.stdout.write(
        `  imported ${r.rows} rows (${r.added} people, ${r.activities_created} activities) in ${r.seconds.toFixed(2)} s (median of ${list(imports)}) = ` +
          `${Math.round(r.rows / r.seconds).toLocaleString('en')} rows/s (CPU ${r.cpuSeconds.toFixed(2)} s), ` +
          `peak RSS ${peakRssMb.toFixed(0)} MB (highest run)` +
          `${target ? ` (target < ${target} s, < 400 MB)` : ''}\n` +
          `  exceljs alone loaded and stream-read the same ${read.rows - 1} rows in ${read.seconds.toFixed(2)} s (median of ${list(reads)}): ` +
          `import / exceljs-alone = ${ratio.toFixed(2)} (target <= 2) ${ok ? 'OK' : 'OVER TARGET'}\n`,
      );
    }
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

await main();

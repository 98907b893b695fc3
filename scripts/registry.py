#!/usr/bin/env python3
"""The kernel registry (kernels/registry.json) and what is generated from it.

Usage: registry.py [--registry FILE] COMMAND ...

  check                       validate the registry against the sources
  sources                     one line per launcher header to generate:
                              NAME FILE [OPTION...], the options of
                              exo-gpu-opt that derive the file's kernels
                              (FILE relative to the repository, or, for a
                              generated source, absolute)
  generate GENERATOR          run a kernel generator (a script that writes
                              its files into the directory it is given)
                              unless its output is cached; print the
                              directory
  variants FUNCTION           the variants of a dispatched function, in
                              preference order
  functions                   the dispatched functions
  dispatcher [--tuning CSV]... [--function F]... -o HEADER
                              the dispatcher: exo_kernels::FUNCTION(...) for
                              every function (or each F), choosing a variant
                              per call from the tuning tables (each
                              function's rows from the first table that
                              tunes it and names every variant that another
                              table names; docs/Dispatch.md)
  torch -o DIR                DIR/exo_torch_ops.{h,cpp}: one PyTorch operator
                              per function that has 'types' (python/exo_gpu,
                              docs/PyTorch.md)
  derive --opt EXO_GPU_OPT -o DIR [--jobs N] [--per-proc]
                              DIR/SOURCE.mlir for every source: its kernels
                              (derived by exo-gpu-opt where the file has a
                              transform script), the transform modules left
                              out; prints one line per file. --per-proc:
                              DIR/SOURCE.PROC.mlir for each proc of a
                              derived source instead (one kernel or
                              specification per file, with the file's
                              aliases)
  merge-tuning --table CSV --rows CSV --gpu NAME --commit REV --date DAY
                              add the rows an autotune run measured to a
                              tuning table (rows of shapes already in the
                              table replace theirs)

A source's file may be the output of a generator instead of a file of the
repository ({"file": NAME, "generator": SCRIPT}): the script runs once per
version of its text, into $EXO_GENERATED_DIR (default: a directory of the
system's temporary directory, which must be the user's own and writable by
no one else), and every command reads the file from there.

Every error names the file and, where it has one, the entry or line, and
exits with status 1.
"""

import argparse
import csv
import hashlib
import io
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_SIZES = 4  # exo_dispatch::kMaxSizes
# Seconds a kernel generator may take, unless $EXO_GENERATOR_TIMEOUT says.
GENERATOR_TIMEOUT = 300
IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")
TENSOR_TYPE = re.compile(r"([a-z0-9]+)\[([A-Za-z0-9_, ]+)\]$")
# Element types of dispatched tensors: the ATen scalar type of each.
DTYPES = {"f32": "at::kFloat", "bf16": "at::kBFloat16", "f16": "at::kHalf",
          "e4m3": "at::kFloat8_e4m3fn", "e5m2": "at::kFloat8_e5m2"}
# Bytes per element of each.
ELEMENT_BYTES = {"f32": 4, "bf16": 2, "f16": 2, "e4m3": 1, "e5m2": 1}


class RegistryError(Exception):
    pass


_generated = {}
# The generators whose cached directory was found incomplete and generated
# again in this process.
_regenerated = set()
# The generators whose directory was found in the cache.
_cached = set()
_generated_lock = threading.Lock()


def generated_dir(generator, stale=None):
    """The directory holding what `generator` (relative to the repository)
    writes, generating it unless a run of the same script text did.
    Concurrent processes each generate into a directory of their own and
    rename it into place; the first rename wins. `stale`: a cached directory
    found incomplete, removed and generated again (once per process)."""
    with _generated_lock:
        if stale is not None and _generated.get(generator) == stale:
            shutil.rmtree(stale, ignore_errors=True)
            _generated[generator] = _generate(generator)
            _regenerated.add(generator)
        elif generator not in _generated:
            _generated[generator] = _generate(generator)
        return _generated[generator]


def _private_cache(cache, generator):
    """Refuses a cache directory that another user could have written into:
    its files are run through exo-gpu-opt and compiled into kernels."""
    try:
        st = os.stat(cache)
    except OSError as e:
        fail(generator, f"cannot read {cache}: {e.strerror}")
    if not stat.S_ISDIR(st.st_mode):
        fail(generator, f"{cache} is not a directory; set EXO_GENERATED_DIR")
    if st.st_uid != os.getuid() or st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        fail(generator, f"{cache} belongs to another user or others can "
             "write into it; the generated files there cannot be trusted "
             "(set EXO_GENERATED_DIR to a directory of your own)")


def _generate(generator):
    script = os.path.join(ROOT, generator)
    try:
        with open(script, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()[:16]
    except OSError as e:
        fail(generator, f"cannot read the generator: {e.strerror}")
    # Through links: the directory checked and used is where they lead.
    cache = os.path.realpath(os.environ.get("EXO_GENERATED_DIR") or os.path.join(
        tempfile.gettempdir(), f"exo-gpu-generated-{os.getuid()}"))
    timeout = os.environ.get("EXO_GENERATOR_TIMEOUT", str(GENERATOR_TIMEOUT))
    if not timeout.isdigit() or not 0 < int(timeout) <= 86400:
        fail("EXO_GENERATOR_TIMEOUT", f"'{timeout}' is not a number of "
             "seconds from 1 to 86400")
    timeout = int(timeout)
    stem = os.path.splitext(os.path.basename(generator))[0]
    final = os.path.join(cache, f"{stem}-{digest}")
    try:
        os.makedirs(cache, mode=0o700, exist_ok=True)
    except OSError as e:
        fail(generator, f"cannot write the generated files into {cache}: "
             f"{e.strerror} (set EXO_GENERATED_DIR)")
    _private_cache(cache, generator)
    if os.path.isdir(final) and not os.path.islink(final):
        _cached.add(generator)
        return final
    if os.path.lexists(final):
        fail(generator, f"{final} is in the way of the generated files "
             "(not a directory)")
    try:
        work = tempfile.mkdtemp(prefix=f".{stem}-", dir=cache)
    except OSError as e:
        fail(generator, f"cannot write the generated files into {cache}: "
             f"{e.strerror} (set EXO_GENERATED_DIR)")
    # Its output goes nowhere and its errors to a file, of which the end is
    # reported: a generator that writes without end costs disk, not memory.
    with tempfile.TemporaryFile() as err:
        try:
            r = subprocess.run([sys.executable, script, work],
                               stdout=subprocess.DEVNULL, stderr=err,
                               timeout=timeout)
        except subprocess.TimeoutExpired:
            shutil.rmtree(work, ignore_errors=True)
            fail(generator, f"the generator did not finish in {timeout} s")
        err.seek(0, os.SEEK_END)
        err.seek(max(0, err.tell() - 4096))
        stderr = err.read().decode(errors="replace")
    if r.returncode != 0:
        shutil.rmtree(work, ignore_errors=True)
        fail(generator, f"the generator failed:\n{stderr}")
    try:
        os.rename(work, final)
    except OSError as e:
        shutil.rmtree(work, ignore_errors=True)
        if not os.path.isdir(final):
            fail(generator, f"cannot keep the generated files in {final}: "
                 f"{e.strerror} (did the generator remove its directory?)")
    return final


def fail(where, message):
    raise RegistryError(f"{where}: {message}")


# ---------------------------------------------------------------------------
# Reading and checking the registry
# ---------------------------------------------------------------------------


class Variant:
    """One way to run a function: a kernel, with a split factor or not."""

    def __init__(self, kernel, function, split):
        self.kernel = kernel
        self.function = function
        self.split = split
        self.name = kernel["name"] + (f"/S={split}" if split else "")

    def call_sizes(self):
        """C++ expressions of the kernel's sizes, in the function's sizes."""
        call = self.kernel.get("call")
        if call is None:
            return list(self.function["sizes"])
        return [substitute(e, self.split) for e in call]

    def requirement(self):
        req = self.kernel.get("requires")
        return substitute(req, self.split) if req else None

    def preference(self):
        pref = self.kernel.get("prefer")
        return substitute(pref, self.split) if pref else None


def substitute(expr, split):
    return re.sub(r"\bS\b", f"int64_t({split})", expr) if split else expr


EXPR = re.compile(r"[A-Za-z0-9_ +\-*/%()=<>!&|]*$")


def check_expr(where, expr, names):
    """An expression over the function's sizes and S: C++ and nothing else."""
    if not isinstance(expr, str) or not EXPR.match(expr):
        fail(where, f"'{expr}' is not an expression over the sizes and S")
    for ident in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", expr):
        if ident not in names and ident != "S":
            fail(where, f"'{expr}' names '{ident}', which is not a size of "
                 f"the function ({', '.join(names)}) or S")


class Registry:
    def __init__(self, path):
        self.path = path
        try:
            with open(path) as f:
                data = json.load(f)
        except OSError as e:
            fail(path, f"cannot read the registry: {e.strerror}")
        except json.JSONDecodeError as e:
            fail(f"{path}:{e.lineno}:{e.colno}", f"not JSON: {e.msg}")
        if not isinstance(data, dict):
            fail(path, "the registry is not a JSON object")
        for key in ("functions", "sources", "kernels"):
            if key not in data:
                fail(path, f"has no '{key}'")
        self.functions = data["functions"]
        self.sources = data["sources"]
        self.kernels = data["kernels"]
        self._validate_shapes()

    def _validate_shapes(self):
        p = self.path
        if not isinstance(self.functions, dict):
            fail(p, "'functions' is not an object")
        for name, fn in self.functions.items():
            where = f"{p}: function '{name}'"
            if not IDENT.match(name):
                fail(where, "is not a C++ identifier")
            if not isinstance(fn, dict):
                fail(where, "is not an object")
            for key in ("sizes", "tensors", "doc"):
                if key not in fn:
                    fail(where, f"has no '{key}'")
            sizes, tensors = fn["sizes"], fn["tensors"]
            if not (isinstance(sizes, list) and 1 <= len(sizes) <= MAX_SIZES):
                fail(where, f"'sizes' must list 1 to {MAX_SIZES} names")
            if not isinstance(tensors, list) or not tensors:
                fail(where, "'tensors' must list the tensor arguments")
            for n in sizes + tensors:
                if not isinstance(n, str) or not IDENT.match(n):
                    fail(where, f"argument '{n}' is not a C++ identifier")
            if len(set(sizes + tensors)) != len(sizes + tensors):
                fail(where, "names an argument twice")
            for key in fn:
                if key not in ("sizes", "tensors", "doc", "types", "result",
                               "pad"):
                    fail(where, f"has an unknown field '{key}'")
            fn["shapes"] = self._tensor_types(where, fn)
            if "pad" in fn:
                self._validate_pad(where, name, fn)
        if not isinstance(self.sources, dict):
            fail(p, "'sources' is not an object")
        for name, source in list(self.sources.items()):
            # A file, or {"file": FILE, "libraries": [PATH...], "entry":
            # NAME}: schedule libraries (files, or directories of them) that
            # the transform script includes from, and the named sequence
            # (in the file or a library) that derives the kernels from the
            # file's specifications.
            where = f"{p}: source '{name}'"
            if isinstance(source, str):
                source = {"file": source}
            if (not IDENT.match(name) or not isinstance(source, dict) or
                    not isinstance(source.get("file"), str)):
                fail(where, "needs an identifier and a file")
            for key in source:
                if key not in ("file", "libraries", "entry", "generator"):
                    fail(where, f"has an unknown field '{key}'")
            if "generator" in source and not (
                    isinstance(source["generator"], str) and
                    os.path.basename(source["file"]) == source["file"]):
                fail(where, "a generated file is named by its file name "
                     "alone, and the generator by its path")
            libs = source.get("libraries", [])
            if not isinstance(libs, list) or not all(
                    isinstance(x, str) for x in libs):
                fail(where, "'libraries' must list files")
            if "entry" in source and not (
                    isinstance(source["entry"], str) and
                    IDENT.match(source["entry"])):
                fail(where, "'entry' must name a named sequence")
            self.sources[name] = source
        if not isinstance(self.kernels, list):
            fail(p, "'kernels' is not a list")
        for i, k in enumerate(self.kernels):
            where = f"{p}: kernels[{i}]"
            if not isinstance(k, dict) or "name" not in k:
                fail(where, "has no 'name'")
            name = k["name"]
            where = f"{p}: kernel '{name}'"
            known = {"name", "source", "function", "splits", "call",
                     "requires", "prefer", "comparison"}
            for key in k:
                if key not in known:
                    fail(where, f"has an unknown field '{key}'")
            source = k.get("source", name)
            if source not in self.sources:
                fail(where, f"its source '{source}' is not in 'sources'")
            if ("function" in k) == ("comparison" in k):
                fail(where, "needs either 'function' (a dispatched kernel) "
                     "or 'comparison' (a kernel benchmarked for comparison)")
            if "comparison" in k:
                for key in ("splits", "call", "requires", "prefer"):
                    if key in k:
                        fail(where, f"a comparison kernel has no '{key}'")
                continue
            fn = self.functions.get(k["function"])
            if fn is None:
                fail(where, f"its function '{k['function']}' is not in "
                     "'functions'")
            splits = k.get("splits")
            if splits is not None:
                if (not isinstance(splits, list) or not splits or
                        not all(isinstance(s, int) and s >= 2
                                for s in splits)):
                    fail(where, "'splits' must list split factors >= 2")
                if "call" not in k:
                    fail(where, "a split kernel needs 'call' (its sizes in "
                         "the function's sizes and S)")
            for e in k.get("call", []):
                check_expr(where, e, fn["sizes"])
            if "requires" in k:
                check_expr(where, k["requires"], fn["sizes"])
            if "prefer" in k:
                check_expr(where, k["prefer"], fn["sizes"])
            if (re.search(r"\bS\b", " ".join(k.get("call", []))) and
                    splits is None):
                fail(where, "'call' names S but the kernel has no 'splits'")
        # A kernel may be listed more than once (whole, and split), but each
        # way to run a function once.
        for fname in self.functions:
            seen = set()
            for v in self.variants(fname):
                if v.name in seen:
                    fail(f"{p}: function '{fname}'", f"lists the variant "
                         f"'{v.name}' twice")
                seen.add(v.name)
        seen = set()
        for k in self.kernels:
            if "comparison" in k:
                if k["name"] in seen:
                    fail(f"{p}: kernel '{k['name']}'", "is listed twice")
                seen.add(k["name"])

    def _validate_pad(self, where, name, fn):
        """'pad': {"size": SIZE, "multiple": M, "tensors": [T...], "with":
        FUNCTION}: where no variant accepts the sizes and SIZE is not a
        multiple of M, the dispatcher copies each T (whose rows, its last
        dimension, are SIZE long) into rows of SIZE rounded up to M, zero
        past SIZE, with FUNCTION (sizes rows, SIZE, the padded SIZE; tensors
        source, destination), and runs the function at the padded size."""
        pad = fn["pad"]
        if not isinstance(pad, dict) or sorted(pad) != sorted(
                ("size", "multiple", "tensors", "with")):
            fail(where, "'pad' must give 'size', 'multiple', 'tensors' and "
                 "'with'")
        if fn["shapes"] is None:
            fail(where, "'pad' needs 'types' (the padded tensors' element "
                 "types and rows)")
        if pad["size"] not in fn["sizes"]:
            fail(where, f"'pad' size '{pad['size']}' is not a size of the "
                 "function")
        if not (isinstance(pad["multiple"], int) and pad["multiple"] >= 2):
            fail(where, "'pad' multiple must be an integer >= 2")
        tensors = pad["tensors"]
        if not isinstance(tensors, list) or not tensors:
            fail(where, "'pad' tensors must list tensors")
        for t in tensors:
            if t not in fn["shapes"] or t in fn["results"]:
                fail(where, f"'pad' tensor '{t}' is not an input tensor")
            if len(fn["shapes"][t][1]) != 2 or \
                    fn["shapes"][t][1][-1] != pad["size"]:
                fail(where, f"'pad' tensor '{t}' is not a matrix with rows "
                     f"of {pad['size']} (its last dimension)")
        helper = self.functions.get(pad["with"])
        if helper is None or pad["with"] == name:
            fail(where, f"'pad' with '{pad['with']}' is not another function")
        if list(self.functions).index(pad["with"]) > list(
                self.functions).index(name):
            fail(where, f"'pad' with '{pad['with']}': the function must come "
                 "before the functions that pad with it")
        if len(helper["sizes"]) != 3 or len(helper["tensors"]) != 2 or \
                "pad" in helper:
            fail(where, f"'pad' with '{pad['with']}': a padding function has "
                 "three sizes (rows, columns, padded columns), two tensors "
                 "(source, destination) and no 'pad'")
        # The padding function copies elements of the padded tensors' type.
        for t in tensors:
            dtype = fn["shapes"][t][0]
            src = (helper["shapes"] or {}).get(helper["tensors"][0])
            if not src or src[0] != dtype:
                fail(where, f"'pad' with '{pad['with']}': its source is not "
                     f"of {t}'s element type {dtype} (give it 'types')")

    @staticmethod
    def _tensor_types(where, fn):
        """{tensor: (dtype, [size...])} from 'types', or None without it.
        With 'result' too, the function is a PyTorch operator."""
        if "result" in fn and "types" not in fn:
            fail(where, "'result' needs 'types' (for its PyTorch operator)")
        if "types" not in fn:
            return None
        types, sizes, tensors = fn["types"], fn["sizes"], fn["tensors"]
        if not isinstance(types, dict) or sorted(types) != sorted(tensors):
            fail(where, "'types' must give the type of each tensor ("
                 f"{', '.join(tensors)}) and nothing else")
        out = {}
        for t in tensors:
            m = TENSOR_TYPE.match(types[t]) if isinstance(types[t], str) \
                else None
            if not m or m.group(1) not in DTYPES:
                fail(where, f"type '{types[t]}' of {t} is not DTYPE[SIZE, "
                     f"...] with DTYPE one of {', '.join(DTYPES)}")
            dims = [d.strip() for d in m.group(2).split(",")]
            for d in dims:
                if d not in sizes:
                    fail(where, f"type '{types[t]}' of {t} names '{d}', "
                         f"which is not a size ({', '.join(sizes)})")
            out[t] = (m.group(1), dims)
        if "result" not in fn:
            fn["results"] = []
            return out
        results = fn["result"] if isinstance(fn["result"], list) else \
            [fn["result"]]
        for r in results:
            if not isinstance(r, str) or r not in tensors:
                fail(where, f"'result' '{r}' is not a tensor")
        if not results or len(set(results)) != len(results) or \
                len(results) == len(tensors):
            fail(where, "'result' must name one or more distinct tensors, "
                 "and not all of them")
        fn["results"] = results
        bound = {d for t in tensors if t not in results for d in out[t][1]}
        for s in sizes:
            if s not in bound:
                fail(where, f"no input tensor has the size '{s}'")
        return out

    def source_file(self, kernel):
        return self.sources[kernel.get("source", kernel["name"])]["file"]

    def source_path(self, name):
        """The absolute path of source `name`'s file (generated first where
        a generator writes it)."""
        source = self.sources[name]
        if "generator" not in source:
            return os.path.join(ROOT, source["file"])
        generator = source["generator"]
        found = generated_dir(generator)
        path = os.path.join(found, source["file"])
        if (not os.path.isfile(path) and generator in _cached and
                generator not in _regenerated):
            # A cached directory missing a file (deleted by hand, or a
            # partial copy): generate it again.
            found = generated_dir(generator, stale=found)
            path = os.path.join(found, source["file"])
        if not os.path.isfile(path):
            fail(self.path, f"source '{name}': {generator} "
                 f"writes no {source['file']}")
        return path

    def printed_path(self, name):
        """The file as `sources` prints it: relative to the repository,
        absolute where generated."""
        source = self.sources[name]
        if "generator" in source:
            return self.source_path(name)
        return source["file"]

    def source_options(self, name):
        """exo-gpu-opt's options before -exo-to-ptx for source `name`."""
        source = self.sources[name]
        options = [f"-transform-preload-library=transform-library-paths="
                   f"{os.path.join(ROOT, lib)}"
                   for lib in source.get("libraries", [])]
        if "entry" in source:
            options.append("-transform-interpreter=entry-point="
                           + source["entry"])
        elif derives(self.source_path(name)):
            options.append("-transform-interpreter")
        return options

    def variants(self, function):
        """The function's variants in preference order (registry order)."""
        fn = self.functions[function]
        out = []
        for k in self.kernels:
            if k.get("function") != function:
                continue
            for s in k.get("splits") or [None]:
                out.append(Variant(k, fn, s))
        return out

    def check_sources(self):
        """Every source file and library exists, an entry point is defined,
        and the file (or, for an entry point, the libraries) defines each
        of the source's kernels."""
        for name, source in self.sources.items():
            file = source["file"]
            texts = []
            for f in [file] + source.get("libraries", []):
                path = (self.source_path(name) if f is file else
                        os.path.join(ROOT, f))
                if os.path.isdir(path):
                    files = sorted(os.path.join(path, x)
                                   for x in os.listdir(path)
                                   if x.endswith(".mlir"))
                elif os.path.isfile(path):
                    files = [path]
                else:
                    fail(self.path, f"source '{name}': no file {f}")
                for x in files:
                    with open(x) as fh:
                        texts.append(fh.read())
            users = [k for k in self.kernels
                     if k.get("source", k["name"]) == name]
            if not users:
                fail(self.path, f"source '{name}' ({file}) has no kernel")
            text = "\n".join(texts)
            entry = source.get("entry")
            if entry and f"transform.named_sequence @{entry}(" not in text:
                fail(self.path, f"source '{name}': no named sequence "
                     f"@{entry} in {file} or its libraries")
            # Names a script composes: a string it passes as a base name,
            # with a suffix `transform.exo.expr "{0}SUFFIX"` appends.
            suffixes = re.findall(r'transform\.exo\.expr "\{0\}(\w+)"', text)
            strings = set(re.findall(r'"(\w+)"', text))
            composed = {b + x for b in strings for x in suffixes}
            for k in users:
                # A kernel is a proc of the file or the name a transform
                # script gives a derived proc.
                if (f"@{k['name']}(" not in text and
                        f'"{k["name"]}"' not in text and
                        k["name"] not in composed):
                    where = (f"{file} and its libraries define"
                             if source.get("libraries") else
                             f"{file} defines")
                    fail(self.path, f"kernel '{k['name']}': {where} no proc "
                         "of that name")


def derives(path):
    with open(path) as f:
        return "@__transform_main" in f.read()


TRANSFORM_MODULE = re.compile(
    r"^[ \t]*module attributes \{transform\.with_named_sequence\}", re.M)


def strip_transform_modules(text):
    """`text` without its `module attributes {transform.with_named_sequence}`
    blocks (the schedules), found by matching braces outside strings and
    comments."""
    out, pos = [], 0
    while True:
        m = TRANSFORM_MODULE.search(text, pos)
        if not m:
            out.append(text[pos:])
            return "".join(out)
        out.append(text[pos:m.start()])
        i = text.index("{", text.index("}", m.start()) + 1)
        depth = 0
        while i < len(text):
            c = text[i]
            if c == '"':
                i += 1
                while i < len(text) and text[i] != '"':
                    i += 2 if text[i] == "\\" else 1
            elif c == "/" and text.startswith("//", i):
                i = text.find("\n", i)
                if i < 0:
                    break
                continue
            elif c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        if depth != 0:
            raise RegistryError("unbalanced braces in a transform module")
        pos = i + 1
        if text.startswith("\n", pos):
            pos += 1


PRINTED_PROC = re.compile(r"^  exo\.proc @([A-Za-z0-9_$.]+)")


def split_printed_procs(text):
    """[(name, text)] for each `exo.proc` of a module as exo-gpu-opt prints
    it (aliases, then `module {`, then procs at two spaces of indentation,
    each ending at a line `  }`): the aliases and that proc in a module."""
    lines = text.split("\n")
    try:
        start = lines.index("module {")
    except ValueError:
        return []
    header, procs, i = lines[:start], [], start + 1
    while i < len(lines):
        m = PRINTED_PROC.match(lines[i])
        if not m:
            i += 1
            continue
        if "  }" not in lines[i:]:
            return []  # not the printed form: the caller keeps the file
        end = lines.index("  }", i)
        procs.append((m.group(1), "\n".join(
            header + ["module {"] + lines[i:end + 1] + ["}", ""])))
        i = end + 1
    return procs


def derive_sources(reg, opt, out_dir, jobs, per_proc=False):
    """Writes OUT_DIR/NAME.mlir for every source (see `derive`)."""
    import concurrent.futures
    import subprocess
    os.makedirs(out_dir, exist_ok=True)

    def one(name):
        path = reg.source_path(name)
        options = reg.source_options(name)
        if options:
            r = subprocess.run([opt, path] + options, capture_output=True,
                               text=True)
            if r.returncode != 0:
                fail(reg.sources[name]["file"],
                     f"source '{name}' does not derive:\n{r.stderr}")
            text = r.stdout
        else:
            with open(path) as f:
                text = f.read()
        dest = os.path.join(out_dir, name + ".mlir")
        try:
            program = strip_transform_modules(text)
        except RegistryError as e:
            fail(reg.sources[name]["file"], f"source '{name}': {e}")
        parts = split_printed_procs(program) if per_proc and options else []
        if not parts:
            with open(dest, "w") as f:
                f.write(program)
            return [dest]
        dests = []
        for proc, part in parts:
            dests.append(os.path.join(out_dir, f"{name}.{proc}.mlir"))
            with open(dests[-1], "w") as f:
                f.write(part)
        return dests

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for dests in pool.map(one, list(reg.sources)):
            for dest in dests:
                print(dest)


# ---------------------------------------------------------------------------
# Tuning tables
# ---------------------------------------------------------------------------

HEADER_KEYS = ("gpu", "date", "commit")
COLUMNS = ["function", "shape", "variant", "median_us"]


def read_table(path):
    """(header dict, rows) of a tuning table; rows are dicts of COLUMNS."""
    header, lines = {}, []
    try:
        with open(path) as f:
            text = f.read()
    except OSError as e:
        fail(path, f"cannot read the tuning table: {e.strerror}")
    for n, line in enumerate(text.splitlines(), 1):
        if line.startswith("#"):
            m = re.match(r"#\s*(\w+):\s*(.*)$", line)
            if m and m.group(1) in HEADER_KEYS:
                header[m.group(1)] = m.group(2).strip()
            continue
        if line.strip():
            lines.append((n, line))
    # A table named for a GPU model (h200.csv, h100.csv: one per model,
    # written by the autotune on that GPU) must have been measured on it.
    model = re.match(r"(h\d+)\.csv$", os.path.basename(path))
    if model and model.group(1).upper() not in header.get("gpu", "").upper():
        fail(path, f"the table of the {model.group(1).upper()} names the GPU "
             f"'{header.get('gpu', 'unknown')}' (the autotune writes each "
             "GPU model's table on that model)")
    if not lines or lines[0][1].split(",") != COLUMNS:
        fail(path, "the first line after the comments must be the column "
             f"names {','.join(COLUMNS)}")
    rows = []
    for n, line in lines[1:]:
        cells = next(csv.reader([line]))
        if len(cells) != len(COLUMNS):
            fail(f"{path}:{n}", f"expected {len(COLUMNS)} cells, found "
                 f"{len(cells)}")
        row = dict(zip(COLUMNS, cells))
        if not re.match(r"\d+(x\d+)*$", row["shape"]):
            fail(f"{path}:{n}", f"shape '{row['shape']}' is not sizes "
                 "joined by 'x'")
        try:
            row["median_us"] = float(row["median_us"])
        except ValueError:
            fail(f"{path}:{n}", f"median_us '{row['median_us']}' is not a "
                 "number")
        if not row["median_us"] > 0:
            fail(f"{path}:{n}", "median_us must be positive")
        row["line"] = n
        rows.append(row)
    return header, rows


def write_table(path, header, rows):
    out = io.StringIO()
    out.write("# Exo-GPU tuning table: the median time of every variant that "
              "accepts each shape,\n# measured by bench/gpu/autotune.sh "
              "(docs/Dispatch.md). Generated; do not edit.\n")
    for key in HEADER_KEYS:
        out.write(f"# {key}: {header.get(key, 'unknown')}\n")
    out.write(",".join(COLUMNS) + "\n")
    def key(r):
        return (r["function"], [int(x) for x in r["shape"].split("x")],
                r["median_us"])
    for r in sorted(rows, key=key):
        out.write(f"{r['function']},{r['shape']},{r['variant']},"
                  f"{r['median_us']:.3f}\n")
    with open(path, "w") as f:
        f.write(out.getvalue())


# ---------------------------------------------------------------------------
# The dispatcher
# ---------------------------------------------------------------------------


def cpp_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


# Times within this fraction of each other are ties: one timing run's
# noise (about 1 %) must not flip a choice.
TIE = 0.01


def rank_with_ties(rows, index):
    """The variants of one tuned shape, fastest first, where a variant
    within TIE of the fastest left counts as tied with it and the earlier
    one in preference order (registry order: index) goes first."""
    left = sorted(rows, key=lambda r: r["median_us"])
    ranking = []
    while left:
        fastest = left[0]["median_us"]
        tied = [r for r in left if r["median_us"] <= fastest * (1 + TIE)]
        pick = min(tied, key=lambda r: index[r["variant"]])
        ranking.append(index[pick["variant"]])
        left.remove(pick)
    return ranking


def unused_sizes(sizes, exprs, indent):
    """C++ statements `(void)SIZE;` for each size no expression of `exprs`
    names (the generated functions take every size)."""
    used = " ".join(exprs)
    return "".join(f"{' ' * indent}(void){s};\n" for s in sizes
                   if not re.search(rf"\b{s}\b", used))


def emit_function(reg, fname, tuned_rows, out):
    fn = reg.functions[fname]
    variants = reg.variants(fname)
    sizes, tensors = fn["sizes"], fn["tensors"]
    size_params = ", ".join(f"int64_t {s}" for s in sizes)
    size_args = ", ".join(sizes)
    tensor_params = ", ".join(f"CUdeviceptr {t}" for t in tensors)
    tensor_args = ", ".join(tensors)
    index = {v.name: i for i, v in enumerate(variants)}

    # Rankings of the tuned shapes, fastest first.
    shapes = {}
    for r in tuned_rows:
        dims = [int(x) for x in r["shape"].split("x")]
        if len(dims) != len(sizes):
            fail(f"{r['table']}:{r['line']}", f"shape '{r['shape']}' has "
                 f"{len(dims)} sizes; {fname} has {len(sizes)}")
        if r["variant"] not in index:
            print(f"{r['table']}:{r['line']}: warning: {fname} has no "
                  f"variant '{r['variant']}' (skipped; re-run the autotune)",
                  file=sys.stderr)
            continue
        shapes.setdefault(tuple(dims), []).append(r)
    ns = "dispatch_detail"
    out.write(f"\n//{'=' * 4} {fname} {'=' * max(0, 69 - len(fname))}//\n\n")
    out.write(f"namespace {ns} {{\n")
    out.write(f"struct {fname}_variant {{\n  const char *name;\n"
              f"  const char *(*rejects)({size_params});\n"
              f"  CUresult (*launch)(CUstream stream, {size_params}, "
              f"{tensor_params});\n}};\n")
    out.write(f"inline const {fname}_variant {fname}_variants[] = {{\n")
    for v in variants:
        call = v.call_sizes()
        name = v.kernel["name"]
        req = v.requirement()
        rejects = (f"    [](int64_t {', int64_t '.join(sizes)}) -> const char * {{\n")
        rejects += unused_sizes(sizes, call + ([req] if req else []), 6)
        if req:
            rejects += (f"      if (!({req}))\n        return "
                        f"{cpp_string(v.name + ': the sizes violate ' + v.kernel['requires'])};\n")
        rejects += f"      return {name}_rejects({', '.join(call)});\n    }},\n"
        launch = (f"    [](CUstream stream, {size_params}, {tensor_params}) "
                  f"-> CUresult {{\n      return {name}(stream, "
                  f"{', '.join(call)}, {tensor_args});\n    }}}},\n")
        out.write(f"    {{{cpp_string(v.name)},\n{rejects}{launch}")
    out.write("};\n")
    out.write(f"constexpr int {fname}_count = {len(variants)};\n")
    out.write(f"inline const int16_t {fname}_preference[] = {{"
              f"{', '.join(str(i) for i in range(len(variants)))}, -1}};\n")
    tuned = sorted(shapes.items())
    for t, (dims, rows) in enumerate(tuned):
        ranking = rank_with_ties(rows, index)
        out.write(f"inline const int16_t {fname}_rank{t}[] = {{"
                  f"{', '.join(str(i) for i in ranking)}, -1}};\n")
        # Each ranked variant's time relative to the shape's fastest, for
        # the calls between two tuned shapes (runtime/exo_dispatch.h).
        time_of = {index[r["variant"]]: r["median_us"] for r in rows}
        fastest = min(time_of.values())
        out.write(f"inline const float {fname}_slow{t}[] = {{"
                  + ", ".join(f"{time_of[i] / fastest:.4f}f"
                              for i in ranking) + "};\n")
    out.write(f"inline const exo_dispatch::TunedShape {fname}_tuned[] = {{\n")
    for t, (dims, rows) in enumerate(tuned):
        padded = list(dims) + [1] * (MAX_SIZES - len(dims))
        out.write(f"    {{{{{', '.join(str(d) for d in padded)}}}, "
                  f"{fname}_rank{t}, {fname}_slow{t}}},\n")
    if not tuned:
        out.write("    {{1, 1, 1, 1}, nullptr},\n")
    out.write("};\n")
    out.write(f"constexpr size_t {fname}_num_tuned = {len(tuned)};\n")
    # Rule 2's order at a call: the variants whose 'prefer' holds first.
    prefers = [(i, v.preference()) for i, v in enumerate(variants)
               if v.preference()]
    out.write(f"inline bool {fname}_prefers(int i, {size_params}) {{\n")
    out.write(unused_sizes(sizes, [p for _, p in prefers], 2))
    for i, p in prefers:
        out.write(f"  if (i == {i})\n    return {p};\n")
    out.write("  (void)i;\n  return false;\n}\n")
    # The choice at given sizes, and (pick) the choice of a call: that of
    # the last call on this thread is kept, for a program calls at the same
    # sizes again and again, and the scan costs microseconds.
    out.write(f"inline int {fname}_choose({size_params}) {{\n"
              f"  const int64_t sizes[] = {{{size_args}}};\n"
              f"  return exo_dispatch::choose({fname}_tuned, "
              f"{fname}_num_tuned, {fname}_preference, sizes, {len(sizes)},\n"
              f"      [&](int i) {{\n"
              f"        return {fname}_variants[i].rejects({size_args}) == "
              f"nullptr;\n"
              f"      }},\n"
              f"      [&](int i) {{ return {fname}_prefers(i, {size_args}); }});\n"
              f"}}\n")
    pad = fn.get("pad")
    if pad:
        # Where no variant accepts the sizes, the variant that accepts the
        # padded size (count + its index; see {fname}_run_padded).
        size, mult = pad["size"], pad["multiple"]
        padded_args = ", ".join(f"{s}_padded" if s == size else s
                                for s in sizes)
        choice = (f"    int i = {fname}_choose({size_args});\n"
                  f"    if (i >= 0 || {size} < 1 || {size} % {mult} == 0 ||\n"
                  f"        {size} > INT64_MAX - {mult - 1})\n"
                  f"      return i;\n"
                  f"    const int64_t {size}_padded = ({size} + {mult - 1}) / "
                  f"{mult} * {mult};\n"
                  f"    int j = {fname}_choose({padded_args});\n"
                  f"    return j < 0 ? -1 : {fname}_count + j;\n")
    else:
        choice = f"    return {fname}_choose({size_args});\n"
    out.write(f"inline int {fname}_pick({size_params}) {{\n"
              f"  const int64_t sizes[] = {{{size_args}}};\n"
              f"  thread_local exo_dispatch::LastChoice last;\n"
              f"  return last.get(sizes, {len(sizes)}, [&] {{\n{choice}"
              f"  }});\n}}\n")
    if pad:
        shapes = fn["shapes"]
        helper = pad["with"]
        out.write(f"/// Runs variant `v` on copies of "
                  f"{', '.join(pad['tensors'])} whose rows of {size} are "
                  f"padded with\n/// zeros to a multiple of {mult} "
                  f"(by {helper}), in stream-ordered scratch memory.\n")
        out.write(f"inline CUresult {fname}_run_padded(CUstream stream, int v, "
                  f"{size_params}, {tensor_params}) {{\n"
                  f"  const int64_t {size}_padded = ({size} + {mult - 1}) / "
                  f"{mult} * {mult};\n  CUresult r;\n")
        for t in pad["tensors"]:
            dtype, dims = shapes[t]
            rows = dims[0]
            out.write(f"  exo_rt::StreamScratch {t}_padded;\n"
                      f"  if ((r = {t}_padded.allocate({rows}, {size}_padded, "
                      f"{ELEMENT_BYTES[dtype]}, stream,\n"
                      f"                              "
                      f"{cpp_string(f'the padded {t} of {fname}')})) != "
                      f"CUDA_SUCCESS)\n    return r;\n"
                      f"  if ((r = exo_kernels::{helper}(stream, {rows}, {size}, "
                      f"{size}_padded, {t}, {t}_padded.ptr())) != "
                      f"CUDA_SUCCESS)\n    return r;\n")
        call_sizes = ", ".join(f"{s}_padded" if s == size else s
                               for s in sizes)
        call_tensors = ", ".join(f"{t}_padded.ptr()" if t in pad["tensors"]
                                 else t for t in tensors)
        out.write(f"  return {fname}_variants[v].launch(stream, {call_sizes}, "
                  f"{call_tensors});\n}}\n")
    out.write(f"}} // namespace {ns}\n\n")
    # The public entry points.
    padding = (f" Where none accepts them and {pad['size']} is not a "
               f"multiple of {pad['multiple']},\n/// "
               f"{', '.join(pad['tensors'])} are first padded to one "
               f"({fname}_padded).\n" if pad else "\n")
    out.write(f"/// {fn['doc']}\n///\n/// Runs the variant the tuning table "
              f"picks for these sizes (docs/Dispatch.md)\n/// on `stream`."
              f"{padding}/// Returns CUDA_SUCCESS, or an error with "
              f"exo_rt::lastError()\n/// set: when no variant accepts the "
              f"sizes, every variant's reason.\n")
    padded_call = (f"  if (i >= {ns}::{fname}_count)\n"
                   f"    return {ns}::{fname}_run_padded(stream, i - {ns}::"
                   f"{fname}_count, {size_args}, {tensor_args});\n"
                   if pad else "")
    out.write(f"inline CUresult {fname}(CUstream stream, {size_params}, "
              f"{tensor_params}) {{\n"
              f"  int i = {ns}::{fname}_pick({size_args});\n"
              f"  if (i < 0) {{\n"
              f"    std::string why = \"{fname}: no kernel accepts the sizes\";\n"
              f"    for (const auto &v : {ns}::{fname}_variants)\n"
              f"      why += std::string(\"; \") + v.rejects({size_args});\n"
              f"    return exo_rt::rejectLaunch(why.c_str());\n  }}\n"
              f"{padded_call}"
              f"  return {ns}::{fname}_variants[i].launch(stream, {size_args}, "
              f"{tensor_args});\n}}\n\n")
    if pad:
        out.write(f"/// The variant {fname} runs at these sizes, or nullptr "
                  f"when none accepts them\n/// (with {fname}_padded true: "
                  f"the variant that runs on the padded operands).\n")
    else:
        out.write(f"/// The variant {fname} runs at these sizes, or nullptr "
                  f"when none accepts them.\n")
    out.write(f"inline const char *{fname}_choice({size_params}) {{\n"
              f"  int i = {ns}::{fname}_pick({size_args});\n"
              f"  return i < 0 ? nullptr : {ns}::{fname}_variants[i % "
              f"{ns}::{fname}_count].name;\n}}\n")
    if pad:
        out.write(f"/// Whether {fname} pads {', '.join(pad['tensors'])} "
                  f"at these sizes.\n"
                  f"inline bool {fname}_padded({size_params}) {{\n"
                  f"  return {ns}::{fname}_pick({size_args}) >= "
                  f"{ns}::{fname}_count;\n}}\n")


def emit_dispatcher(reg, tables, out, only=None):
    """The dispatcher of every function, or of those `only` names."""
    for fname in only or []:
        if fname not in reg.functions:
            fail(reg.path, f"no function '{fname}'")
    functions = [f for f in reg.functions if not only or f in only]
    rows = []
    meta = []
    # A function's rows come from the first table that tunes it and names
    # every variant of it that another table names (the tables are in order
    # of preference, one GPU model's each): a table that never timed a
    # variant that a later autotune found is stale for that function.
    loaded = []
    named = {}  # (path, function) -> the registry variants its rows name
    known = {f: {v.name for v in reg.variants(f)} for f in reg.functions}
    for path in tables:
        header, table_rows = read_table(path)
        for r in table_rows:
            r["table"] = path
            if r["function"] not in reg.functions:
                fail(f"{path}:{r['line']}", f"unknown function "
                     f"'{r['function']}'")
            if r["variant"] in known[r["function"]]:
                named.setdefault((path, r["function"]), set()).add(
                    r["variant"])
        loaded.append((path, header, table_rows))
    tuned_by = {}
    stale = {}  # path -> functions it tunes but misses variants of
    for fname in reg.functions:
        tuning = [p for p, _, rs in loaded
                  if any(r["function"] == fname for r in rs)]
        every = set().union(*[named.get((p, fname), set()) for p in tuning])
        complete = [p for p in tuning
                    if named.get((p, fname), set()) >= every]
        if tuning:
            tuned_by[fname] = (complete or tuning)[0]
        for p in tuning:
            if p not in complete:
                stale.setdefault(p, []).append(fname)
    for path, header, table_rows in loaded:
        rows += [r for r in table_rows if tuned_by[r["function"]] == path]
        meta.append((os.path.basename(path), header, path))
    headers = []
    for k in reg.kernels:
        if k.get("function") in functions:
            h = k.get("source", k["name"]) + "_launcher.h"
            if h not in headers:
                headers.append(h)
    out.write("// Generated by scripts/registry.py dispatcher from "
              "kernels/registry.json. Do not edit.\n//\n")
    for name, header, path in meta:
        served = sorted({r["function"] for r in rows if r["table"] == path})
        missing = sorted(stale.get(path, []))
        out.write(f"// Tuning table {name}: "
                  + ", ".join(f"{k} {header.get(k, 'unknown')}"
                              for k in HEADER_KEYS) + "; tunes "
                  + (", ".join(served) or "no function (another table "
                     "tunes each of its functions)")
                  + ("; lacks variants that another table times, of "
                     + ", ".join(missing) if missing else "") + ".\n")
    if not meta:
        out.write("// No tuning table: every call runs the first variant "
                  "that accepts its sizes.\n")
    out.write("//\n// Compile with the launcher headers of bench/gpu/gen.sh "
              "on the include path and the\n// Exo-GPU runtime "
              "(runtime/exo_gpu_runtime.cpp); link against -lcuda.\n\n"
              "#pragma once\n\n#include \"exo_dispatch.h\"\n"
              "#include \"exo_gpu_runtime.h\"\n")
    for h in headers:
        out.write(f"#include \"{h}\"\n")
    out.write("\n#include <cstdint>\n#include <string>\n\n"
              "namespace exo_kernels {\n")
    for fname in functions:
        if not reg.variants(fname):
            fail(reg.path, f"function '{fname}' has no kernel")
        emit_function(reg, fname,
                      [r for r in rows if r["function"] == fname], out)
    out.write("\n} // namespace exo_kernels\n")


# ---------------------------------------------------------------------------
# The PyTorch operators
# ---------------------------------------------------------------------------


def emit_torch(reg, header, source):
    """One operator per function with 'types': NAME(inputs) -> result and
    NAME.out(inputs, *, out) -> out, on CUDA tensors, through the dispatcher
    (with several results: a tuple, and .out takes each result by name).
    The checks live in python/exo_gpu/csrc/exo_torch.h."""
    gen = ("// Generated by scripts/registry.py torch from "
           "kernels/registry.json. Do not edit.\n")
    header.write(gen + "//\n// The PyTorch operators of the dispatched "
                 "functions (docs/PyTorch.md).\n\n#pragma once\n\n"
                 "#include <ATen/core/Tensor.h>\n\n#include <tuple>\n\n"
                 "namespace exo_torch {\n")
    source.write(gen + "\n#include \"exo_torch_ops.h\"\n\n"
                 "#include \"exo_kernels.h\"\n#include \"exo_torch.h\"\n\n"
                 "#include <torch/library.h>\n\n#include <string>\n\n"
                 "namespace exo_torch {\n")
    schemas = []
    for fname, fn in reg.functions.items():
        if fn["shapes"] is None or not fn["results"]:
            continue
        shapes, results = fn["shapes"], fn["results"]
        inputs = [t for t in fn["tensors"] if t not in results]
        params = ", ".join(f"const at::Tensor &{t}" for t in inputs)
        # The checks of the inputs, which bind the sizes.
        bind = "".join(
            f"  b.tensor({t}, \"{t}\", {DTYPES[shapes[t][0]]}, "
            f"{{{', '.join(cpp_string(d) for d in shapes[t][1])}}});\n"
            for t in inputs)
        ins = ", ".join(f"Tensor {t}" for t in inputs)

        def bind_out(r, var):
            rtype, rdims = shapes[r]
            return (f"  b.tensor({var}, \"{var}\", {DTYPES[rtype]}, "
                    f"{{{', '.join(cpp_string(d) for d in rdims)}}});\n")

        def alloc(r, var):
            rtype, rdims = shapes[r]
            sizes = ", ".join(f"b.size(\"{d}\")" for d in rdims)
            return (f"  at::Tensor {var} = at::empty({{{sizes}}}, "
                    f"{inputs[0]}.options().dtype({DTYPES[rtype]}));\n")

        def launch(names):
            return (f"  b.check(exo_kernels::{fname}(b.stream(), "
                    + ", ".join(f"b.size(\"{s}\")" for s in fn["sizes"])
                    + ", " + ", ".join(f"b.ptr({names.get(t, t)})"
                                       for t in fn["tensors"]) + "));\n")
        if len(results) == 1:
            result = results[0]
            header.write(f"\n/// {fn['doc']}\nat::Tensor {fname}({params});\n"
                         f"/// {fname}, writing into `out`.\nat::Tensor &"
                         f"{fname}_out({params}, at::Tensor &out);\n")
            source.write(
                f"\nat::Tensor &{fname}_out({params}, at::Tensor &out) {{\n"
                f"  Binder b(\"{fname}\");\n{bind}" + bind_out(result, "out") +
                f"  b.noOverlap(out, {{{', '.join(inputs)}}});\n"
                f"  if (out.numel() == 0)\n    return out;\n"
                + launch({result: "out"}) +
                f"  return out;\n}}\n\n"
                f"at::Tensor {fname}({params}) {{\n"
                f"  Binder b(\"{fname}\");\n{bind}" + alloc(result, "out") +
                f"  return {fname}_out({', '.join(inputs)}, out);\n}}\n")
            schemas.append((fname, f"{fname}({ins}) -> Tensor",
                            f"{fname}.out({ins}, *, Tensor(a!) out) -> "
                            "Tensor(a!)"))
            continue
        # Several results: a tuple of them, in the order 'result' names
        # them; the .out form takes one tensor per result, by name.
        tup = f"std::tuple<{', '.join('at::Tensor' for _ in results)}>"
        outs = ", ".join(f"at::Tensor &{r}" for r in results)
        header.write(f"\n/// {fn['doc']}\n{tup} {fname}({params});\n"
                     f"/// {fname}, writing into {', '.join(results)}.\n"
                     f"{tup} {fname}_out({params}, {outs});\n")
        body = "".join(bind_out(r, r) for r in results)
        for r in results:
            others = inputs + [o for o in results if o != r]
            body += f"  b.noOverlap({r}, {{{', '.join(others)}}});\n"
        empty = " && ".join(f"{r}.numel() == 0" for r in results)
        source.write(
            f"\n{tup} {fname}_out({params}, {outs}) {{\n"
            f"  Binder b(\"{fname}\");\n{bind}{body}"
            f"  if ({empty})\n    return {{{', '.join(results)}}};\n"
            + launch({}) +
            f"  return {{{', '.join(results)}}};\n}}\n\n"
            f"{tup} {fname}({params}) {{\n"
            f"  Binder b(\"{fname}\");\n{bind}"
            + "".join(alloc(r, r) for r in results) +
            f"  return {fname}_out({', '.join(inputs + results)});\n}}\n")
        letters = "abcdefghijklmnopqrstuvwxyz"
        marks = [f"Tensor({letters[i]}!)" for i in range(len(results))]
        schemas.append((
            fname, f"{fname}({ins}) -> ({', '.join('Tensor' for _ in results)})",
            f"{fname}.out({ins}, *, "
            + ", ".join(f"{m} {r}" for m, r in zip(marks, results))
            + f") -> ({', '.join(marks)})"))
    header.write("\n} // namespace exo_torch\n")
    source.write("\n} // namespace exo_torch\n\nTORCH_LIBRARY(exo_gpu, m) "
                 "{\n")
    for fname, plain, out in schemas:
        sizes = reg.functions[fname]["sizes"]
        source.write(f"  m.def({cpp_string(plain)});\n"
                     f"  m.def({cpp_string(out)});\n"
                     f"  // The variant a call at these sizes runs; \"\" "
                     f"when none accepts them.\n"
                     f"  m.def(\"{fname}_choice("
                     + ", ".join(f"int {s}" for s in sizes) + ") -> str\",\n"
                     f"        []({', '.join(f'int64_t {s}' for s in sizes)})"
                     f" -> std::string {{\n"
                     f"          const char *c = exo_kernels::{fname}_choice("
                     f"{', '.join(sizes)});\n"
                     f"          return c ? c : \"\";\n        }});\n")
    source.write("  exo_torch::defineConveniences(m);\n}\n\n"
                 "TORCH_LIBRARY_IMPL(exo_gpu, CUDA, m) {\n")
    for fname, _, _ in schemas:
        source.write(f"  m.impl(\"{fname}\", &exo_torch::{fname});\n"
                     f"  m.impl(\"{fname}.out\", &exo_torch::{fname}_out);\n")
    source.write("  exo_torch::implementConveniences(m);\n}\n")


# ---------------------------------------------------------------------------
# Commands
# ---------------------------------------------------------------------------


def main(argv):
    ap = argparse.ArgumentParser(prog="registry.py")
    ap.add_argument("--registry",
                    default=os.path.join(ROOT, "kernels", "registry.json"))
    sub = ap.add_subparsers(dest="command", required=True)
    sub.add_parser("check")
    sub.add_parser("sources")
    g = sub.add_parser("generate")
    g.add_argument("generator")
    sub.add_parser("functions")
    v = sub.add_parser("variants")
    v.add_argument("function")
    d = sub.add_parser("dispatcher")
    d.add_argument("--tuning", action="append", default=[])
    d.add_argument("--function", action="append", dest="functions",
                   help="only this function (repeatable)")
    d.add_argument("-o", dest="output", required=True)
    t = sub.add_parser("torch")
    t.add_argument("-o", dest="output", required=True)
    r = sub.add_parser("derive")
    r.add_argument("--opt", required=True)
    r.add_argument("-o", "--output", required=True)
    r.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    r.add_argument("--per-proc", action="store_true")
    m = sub.add_parser("merge-tuning")
    m.add_argument("--table", required=True)
    m.add_argument("--rows", required=True)
    m.add_argument("--gpu", required=True)
    m.add_argument("--commit", required=True)
    m.add_argument("--date", required=True)
    args = ap.parse_args(argv)
    reg = Registry(args.registry)
    if args.command == "check":
        reg.check_sources()
        for fname in reg.functions:
            if not reg.variants(fname):
                fail(reg.path, f"function '{fname}' has no kernel")
    elif args.command == "sources":
        reg.check_sources()
        for name in reg.sources:
            print(" ".join([name, reg.printed_path(name)] +
                           reg.source_options(name)))
    elif args.command == "generate":
        print(generated_dir(args.generator))
    elif args.command == "functions":
        for fname in reg.functions:
            print(fname)
    elif args.command == "variants":
        if args.function not in reg.functions:
            fail(reg.path, f"no function '{args.function}'")
        for v in reg.variants(args.function):
            print(v.name)
    elif args.command == "dispatcher":
        out = io.StringIO()
        emit_dispatcher(reg, args.tuning, out, args.functions)
        with open(args.output, "w") as f:
            f.write(out.getvalue())
    elif args.command == "torch":
        header, source = io.StringIO(), io.StringIO()
        emit_torch(reg, header, source)
        os.makedirs(args.output, exist_ok=True)
        for name, text in (("exo_torch_ops.h", header),
                           ("exo_torch_ops.cpp", source)):
            with open(os.path.join(args.output, name), "w") as f:
                f.write(text.getvalue())
    elif args.command == "derive":
        reg.check_sources()
        derive_sources(reg, args.opt, args.output, args.jobs, args.per_proc)
    elif args.command == "merge-tuning":
        header, rows = ({}, [])
        if os.path.exists(args.table):
            header, rows = read_table(args.table)
        _, new = read_table(args.rows)
        for r in new:
            if r["function"] not in reg.functions:
                fail(f"{args.rows}:{r['line']}", "unknown function "
                     f"'{r['function']}'")
        measured = {(r["function"], r["shape"]) for r in new}
        rows = [r for r in rows if (r["function"], r["shape"]) not in measured]
        # A shape listed twice in one run: its later rows count.
        latest = {}
        for r in new:
            latest[(r["function"], r["shape"], r["variant"])] = r
        new = list(latest.values())
        header = {"gpu": args.gpu, "date": args.date, "commit": args.commit}
        write_table(args.table, header, rows + new)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except RegistryError as e:
        print(f"error: {e}", file=sys.stderr)
        sys.exit(1)

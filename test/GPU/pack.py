#!/usr/bin/env python3
"""Packs a folder of generated launchers into one .tar.xz, or unpacks one.

Usage:
  python3 test/GPU/pack.py pack GEN_DIR ARCHIVE.tar.xz
  python3 test/GPU/pack.py unpack ARCHIVE.tar.xz DIR

test/GPU/gen_all.sh writes about 64 MB (the launchers' PTX and the model
kernels' inputs and CPU results), more than the GPU machine's carry allows.
The model kernels share their shapes and seeds, so xz, which finds the
repeats across files, packs it into about a fifth of that. The files go in
sorted order (kernels of one shape next to each other). Unpacking needs
only Python (no xz tool on the GPU machine), and refuses members that would
land outside DIR.
"""
import lzma
import os
import sys
import tarfile


def pack(gen_dir, archive):
    if not os.path.isdir(gen_dir):
        sys.exit(f"pack.py: no directory {gen_dir}")
    paths = []
    for top, dirs, files in os.walk(gen_dir):
        dirs.sort()
        for name in sorted(files):
            paths.append(os.path.join(top, name))
    os.makedirs(os.path.dirname(archive) or ".", exist_ok=True)
    with tarfile.open(archive, "w:xz", preset=6) as tar:
        for path in paths:
            tar.add(path, arcname=os.path.relpath(path, gen_dir),
                    recursive=False)
    size = os.path.getsize(archive)
    print(f"pack.py: {len(paths)} files into {archive} ({size} bytes)")


def unpack(archive, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    root = os.path.realpath(out_dir)
    try:
        tar = tarfile.open(archive, "r:xz")
    except (OSError, tarfile.TarError, lzma.LZMAError) as e:
        sys.exit(f"pack.py: cannot read {archive}: {e}")
    with tar:
        members = tar.getmembers()
        for m in members:
            where = os.path.realpath(os.path.join(root, m.name))
            if not (m.isfile() or m.isdir()) or \
                    os.path.commonpath([root, where]) != root:
                sys.exit(f"pack.py: {archive}: refusing member {m.name!r}")
        safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
        tar.extractall(root, members=members, **safe)
    print(f"pack.py: {len(members)} files from {archive} into {out_dir}")


def main(argv):
    if len(argv) != 4 or argv[1] not in ("pack", "unpack"):
        sys.exit(__doc__.strip().split("\n\n")[1])
    (pack if argv[1] == "pack" else unpack)(argv[2], argv[3])


if __name__ == "__main__":
    main(sys.argv)

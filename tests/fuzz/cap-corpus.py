#!/usr/bin/env python3
"""Folds a working fuzz corpus into a committed one, within a size cap.

  cap-corpus.py FUZZER COMMITTED_DIR WORK_DIR [--max-files 200] [--max-bytes 2000000]

Runs FUZZER -set_cover_merge=1 over both directories only to get each input's
coverage features (from the merge control file), then keeps every file already
in COMMITTED_DIR and adds inputs of WORK_DIR greedily, the one bringing the
most features not yet covered first (smaller wins a tie), until nothing new is
left or the cap is reached. Added files are named by the SHA-1 of their bytes,
as libFuzzer names them.
"""
import argparse
import hashlib
import heapq
import os
import shutil
import subprocess
import tempfile


def read_control(path):
    """'3\\n0\\n/a\\n/b\\n/c\\nSTARTED 0 12\\nFT 0 5 9 ...' -> ([paths], {index: features})."""
    with open(path) as f:
        lines = f.read().split('\n')
    count = int(lines[0])
    files = lines[2:2 + count]
    features = {}
    for line in lines[2 + count:]:
        if line.startswith('FT '):
            parts = line.split()
            features[int(parts[1])] = set(map(int, parts[2:]))
    return files, features


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('fuzzer')
    ap.add_argument('committed')
    ap.add_argument('work')
    ap.add_argument('--max-files', type=int, default=200)
    ap.add_argument('--max-bytes', type=int, default=2000000)
    args = ap.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        control = os.path.join(tmp, 'control')
        empty = os.path.join(tmp, 'out')
        os.mkdir(empty)
        subprocess.run([args.fuzzer, '-set_cover_merge=1', '-merge_control_file=' + control,
                        '-rss_limit_mb=2048', '-timeout=10', empty, args.committed, args.work],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        files, features = read_control(control)

    committed = os.path.realpath(args.committed)
    covered = set()
    n_files = 0
    n_bytes = 0
    candidates = []
    for i, path in enumerate(files):
        ft = features.get(i, set())
        if os.path.dirname(os.path.realpath(path)) == committed:
            covered |= ft
            n_files += 1
            n_bytes += os.path.getsize(path)
        else:
            candidates.append((path, os.path.getsize(path), ft))
    before = len(covered)
    total = len(covered.union(*(c[2] for c in candidates)))

    # Lazy greedy: a gain only shrinks as coverage grows, so an entry whose
    # recomputed gain still tops the heap is the true best.
    heap = [(-len(ft - covered), size, path, ft) for path, size, ft in candidates]
    heapq.heapify(heap)
    added = 0
    while heap and n_files < args.max_files:
        _, size, path, ft = heapq.heappop(heap)
        gain = len(ft - covered)
        if gain == 0:
            continue
        if heap and gain < -heap[0][0]:
            heapq.heappush(heap, (-gain, size, path, ft))
            continue
        if n_bytes + size > args.max_bytes:
            continue
        data = open(path, 'rb').read()
        dest = os.path.join(args.committed, hashlib.sha1(data).hexdigest())
        if os.path.exists(dest):
            continue
        shutil.copyfile(path, dest)
        added += 1
        n_files += 1
        n_bytes += size
        covered |= ft
    print(f'{args.committed}: +{added} files, {n_files} files, {n_bytes} bytes, '
          f'features {before} -> {len(covered)} (of {total} in both corpora)')


if __name__ == '__main__':
    main()

#!/bin/bash
# Cross-validating your own table in 4 shards with GNU parallel (one machine; over ssh hosts add
# --sshlogin), then the merge: the model and the table the unsharded `supclust cv` prints.
set -euo pipefail
parallel -j 4 npx supclust cv data.csv --target y --method ihc --Q 3 --grid lambda=1e-4:1:7 --folds 8 --threads 1 --shard {}/4 --out part-{}.json ::: 0 1 2 3
npx supclust merge part-0.json part-1.json part-2.json part-3.json --out model.json

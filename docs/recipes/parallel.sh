#!/bin/bash
# GNU parallel on one machine (or over ssh hosts with --sshlogin): 2 shards side by side, each
# on one thread, then the merge.
set -euo pipefail
parallel -j 2 npx supclust replicate e3 --threads 1 --shard {}/2 --json part-{}.json ::: 0 1
npx supclust merge part-0.json part-1.json --json e3.json

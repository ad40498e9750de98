#!/bin/bash
# A Slurm array job: one task per shard. Submit with `sbatch slurm.sh`, then, when all have
# finished, join the partials: `npx supclust merge part-*.json --json e3.json`.
#SBATCH --job-name=supclust-e3
#SBATCH --array=0-7
#SBATCH --cpus-per-task=2
#SBATCH --time=01:00:00
#SBATCH --output=shard-%a.log
set -euo pipefail
npx supclust replicate e3 --threads 2 --shard ${SLURM_ARRAY_TASK_ID}/8 --json part-${SLURM_ARRAY_TASK_ID}.json

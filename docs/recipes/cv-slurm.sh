#!/bin/bash
# Cross-validating your own table as a Slurm array job, one task per shard of the folds:
#   sbatch --wait cv-slurm.sh && npx supclust merge part-*.json --out model.json
# (or submit the merge as a job with --dependency=afterok:<this job's id>).
#SBATCH --job-name=supclust-cv
#SBATCH --array=0-3
#SBATCH --cpus-per-task=1
#SBATCH --output=shard-%a.log
set -euo pipefail
npx supclust cv data.csv --target y --method ihc --Q 3 --grid lambda=1e-4:1:7 --folds 8 --threads 1 --shard ${SLURM_ARRAY_TASK_ID}/4 --out part-${SLURM_ARRAY_TASK_ID}.json

#!/bin/sh
# slurm-generate.sh SEED COUNT [CDOK OPTIONS...] -- one shard of a large
# generate run, as a task of a Slurm array job (doc/SCALING.md):
#
#     sbatch --array=0-99 scripts/slurm-generate.sh 1 1000 -s 9
#
# Task i makes COUNT puzzles from seed SEED + i * COUNT into part-i.txt
# (in the directory sbatch was run from); put in order, the parts are the
# output of `cdok --seed SEED --count $((TASKS * COUNT)) generate` with the
# same options, a blank line between parts (none with --to keen, solo or
# json).  Without Slurm, SLURM_ARRAY_TASK_ID=i runs task i by hand.
#SBATCH --job-name=cdok-generate
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=1
#SBATCH --output=slurm-%A_%a.log
set -eu

seed=${1:?usage: slurm-generate.sh SEED COUNT [CDOK OPTIONS...]}
count=${2:?usage: slurm-generate.sh SEED COUNT [CDOK OPTIONS...]}
shift 2
task=${SLURM_ARRAY_TASK_ID:?not a Slurm array task (set SLURM_ARRAY_TASK_ID)}
cdok=${CDOK:-cdok}

# Written under a temporary name and renamed at the end, so that a part
# that exists is whole.
"$cdok" --seed $((seed + task * count)) --count "$count" --no-progress \
	"$@" generate > "part-$task.txt.tmp"
mv "part-$task.txt.tmp" "part-$task.txt"

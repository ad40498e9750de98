#!/bin/bash
# A one-node Slurm cluster for the recipes' test: `slurm.sh start DIR` starts munged (when no
# credential can be made yet), then slurmctld and slurmd with a configuration written to DIR
# (this host, all its CPUs, one partition; no cgroups, accounting or cluster database), and waits
# until the node is idle; `slurm.sh stop DIR` stops the two daemons. Run as root (the daemons and
# jobs run as root). Commands then need SLURM_CONF=DIR/slurm.conf.
set -euo pipefail
action=$1 dir=$(realpath -m "$2")
if [ "$action" = stop ]; then
  for pid in "$dir/ctld.pid" "$dir/d.pid"; do [ -f "$pid" ] && kill "$(cat "$pid")" 2>/dev/null || true; done
  exit 0
fi
mkdir -p "$dir/ctld" "$dir/d"
host=$(hostname)
cat > "$dir/slurm.conf" <<CONF
ClusterName=supclust-test
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$dir/ctld
SlurmdSpoolDir=$dir/d
SlurmctldPidFile=$dir/ctld.pid
SlurmdPidFile=$dir/d.pid
SlurmctldLogFile=$dir/ctld.log
SlurmdLogFile=$dir/d.log
SlurmctldPort=16817
SlurmdPort=16818
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=main Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
if ! munge -n >/dev/null 2>&1; then
  mkdir -p /run/munge && chown munge:munge /run/munge
  runuser -u munge -- /usr/sbin/munged
fi
export SLURM_CONF="$dir/slurm.conf"
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
for _ in $(seq 1 60); do
  if sinfo -h -o %t 2>/dev/null | grep -qx idle; then exit 0; fi
  sleep 0.5
done
echo "slurm.sh: the node did not become idle (see $dir/ctld.log and $dir/d.log)" >&2
exit 1

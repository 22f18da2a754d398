#!/usr/bin/env bash
# A single-node Slurm on this machine (munge, slurmctld and slurmd on localhost), for trying
# `tagmatch sweep --slurm` and for its integration test. Run as root; Debian 12 packages
# slurmctld, slurmd, slurm-client and munge (scripts/toolchain.sh installs them).
#
#   scripts/slurm-local.sh start    write the configuration if it is ours or absent, start the
#                                   daemons not yet running, wait until the node is idle;
#                                   prints "started" or "already running"
#   scripts/slurm-local.sh stop     stop the daemons this script starts
#   scripts/slurm-local.sh status   sinfo
#
# The configuration is the smallest that runs job arrays: one node "localhost" with this
# machine's cores and memory, one default partition "local", cons_tres scheduling of cores and
# memory, no cgroups (linuxproc tracking), and no accounting database (sacct then has nothing;
# `tagmatch sweep --slurm` falls back to scontrol for the end states). A real cluster has its
# own slurm.conf: nothing here is needed there (see docs/sweeps.md).
set -euo pipefail

CONF=/etc/slurm/slurm.conf
MARK="# written by tagmatch scripts/slurm-local.sh"
STATE=/var/spool/slurmctld
SPOOL=/var/spool/slurmd
LOGS=/var/log/slurm

die() { echo "slurm-local: $*" >&2; exit 1; }
[[ $(id -u) -eq 0 ]] || die "must run as root (it starts munged, slurmctld and slurmd)"
for b in munged slurmctld slurmd sinfo scontrol; do
  command -v "$b" >/dev/null || die "'$b' is missing; install with: apt-get install -y slurmctld slurmd slurm-client munge"
done

running() { pgrep -x "$1" >/dev/null; }

write_conf() {
  if [[ -f $CONF ]] && ! grep -qF "$MARK" "$CONF"; then
    die "$CONF exists and was not written by this script; refusing to replace it"
  fi
  local cpus mem
  cpus=$(nproc)
  mem=$(( $(awk '/^MemTotal:/ {print $2}' /proc/meminfo) / 1024 - 1024 ))
  mkdir -p /etc/slurm "$STATE" "$SPOOL" "$LOGS"
  cat >"$CONF.tmp" <<CONFEOF
$MARK
ClusterName=tagmatch-local
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$STATE
SlurmdSpoolDir=$SPOOL
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=$LOGS/slurmctld.log
SlurmdLogFile=$LOGS/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MinJobAge=3600
MaxArraySize=100001
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONFEOF
  mv "$CONF.tmp" "$CONF"
}

wait_idle() {
  for _ in $(seq 1 60); do
    state=$(sinfo -h -n localhost -o %t 2>/dev/null || true)
    case $state in
      idle|mix|alloc) return 0 ;;
      drain*|down*) scontrol update NodeName=localhost State=RESUME >/dev/null 2>&1 || true ;;
    esac
    sleep 1
  done
  die "the node did not become idle in 60 s (sinfo says '${state:-nothing}'); see $LOGS/slurmctld.log and $LOGS/slurmd.log"
}

case ${1:-} in
  start)
    if running munged && running slurmctld && running slurmd && scontrol ping >/dev/null 2>&1; then
      wait_idle
      echo "already running"
      exit 0
    fi
    write_conf
    if [[ ! -s /etc/munge/munge.key ]]; then
      mkdir -p /etc/munge
      dd if=/dev/urandom of=/etc/munge/munge.key bs=1 count=1024 status=none
    fi
    chown munge:munge /etc/munge/munge.key 2>/dev/null || true
    chmod 400 /etc/munge/munge.key
    mkdir -p /run/munge && chown munge:munge /run/munge 2>/dev/null || true
    running munged || runuser -u munge -- munged 2>/dev/null || munged --force
    munge -n | unmunge >/dev/null || die "munge does not work (munge -n | unmunge failed)"
    running slurmctld || slurmctld
    running slurmd || slurmd -N localhost
    wait_idle
    echo "started"
    ;;
  stop)
    # By the daemons' own pid files, never by name: only what this configuration started.
    for f in /run/slurmd.pid /run/slurmctld.pid /run/munge/munged.pid; do
      [[ -s $f ]] && kill "$(cat "$f")" 2>/dev/null || true
    done
    for _ in $(seq 1 20); do
      running slurmd || running slurmctld || running munged || break
      sleep 0.5
    done
    echo "stopped"
    ;;
  status)
    sinfo
    ;;
  *)
    die "usage: scripts/slurm-local.sh start|stop|status, got '${1:-}'"
    ;;
esac

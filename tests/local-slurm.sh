# A one-node Slurm cluster on this machine, for tests and measurements:
# munged (as user munge), slurmctld and slurmd, each started here in the
# background with its own state, sockets, logs and ports under one
# directory, and stopped by pid.  Nothing in /etc or /run is touched and no
# service manager is needed.  Needs root (the daemons run jobs as the
# submitting user) and Debian's munge, slurmctld, slurmd and slurm-client.
#
#   . tests/local-slurm.sh
#   slurm_start DIR      # exports SLURM_CONF; returns when the node is idle
#   sbatch ...           # jobs run on this machine
#   slurm_stop           # stops the three daemons it started, by pid
#
# Finished jobs are listed in DIR/jobcomp.txt (JobState=COMPLETED ...):
# accounting (sacct) needs slurmdbd, which this cluster does not run.

slurm_missing() {	# prints why a local cluster cannot start, if it cannot
	local t
	[ "$(id -u)" = 0 ] || { echo "not root: the slurm daemons must run as root"; return; }
	for t in munged slurmctld slurmd sbatch sinfo scontrol; do
		command -v "$t" >/dev/null || PATH="$PATH:/usr/sbin" command -v "$t" >/dev/null ||
			{ echo "$t is not installed (Debian: munge slurmctld slurmd slurm-client)"; return; }
	done
}

# a free TCP port of 20000-39999 that no listening socket uses
_slurm_free_port() {
	local p
	for _ in $(seq 1 50); do
		p=$((20000 + RANDOM % 20000))
		ss -Htln "sport = :$p" 2>/dev/null | grep -q . || { echo "$p"; return; }
	done
	echo 26817
}

slurm_start() {
	local dir=$1 host cpus p1 p2
	PATH="$PATH:/usr/sbin"
	SLURM_DIR=$dir
	host=$(hostname -s)
	cpus=$(nproc)
	mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
	chmod 755 "$dir"
	runuser -u munge -- test -x "$dir" ||
		{ echo "user munge cannot enter $dir: make its parents searchable (chmod o+x)" >&2; return 1; }
	# munged's own directory: others may enter it (to reach the socket), not list or write it
	chown munge:munge "$dir/munge"
	chmod 711 "$dir/munge"
	dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
	chown munge:munge "$dir/munge/munge.key"
	chmod 400 "$dir/munge/munge.key"
	runuser -u munge -- munged --key-file="$dir/munge/munge.key" \
		--socket="$dir/munge/munge.socket" --pid-file="$dir/munge/munged.pid" \
		--log-file="$dir/munge/munged.log" --seed-file="$dir/munge/munged.seed" ||
		{ echo "munged did not start: $(tail -n 3 "$dir/munge/munged.log" 2>/dev/null)" >&2; return 1; }
	p1=$(_slurm_free_port)
	p2=$(_slurm_free_port)
	[ "$p2" != "$p1" ] || p2=$((p1 + 1))
	cat >"$dir/slurm.conf" <<CONF
ClusterName=mmxtest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$p1
SlurmdPort=$p2
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$dir/jobcomp.txt
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
SchedulerType=sched/backfill
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=mmx Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
	export SLURM_CONF=$dir/slurm.conf
	slurmctld -D -f "$SLURM_CONF" >"$dir/slurmctld.out" 2>&1 &
	SLURMCTLD_PID=$!
	slurmd -D -f "$SLURM_CONF" >"$dir/slurmd.out" 2>&1 &
	SLURMD_PID=$!
	MUNGED_PID=$(cat "$dir/munge/munged.pid" 2>/dev/null)
	for _ in $(seq 1 120); do
		[ "$(sinfo -h -o %T 2>/dev/null)" = idle ] && return 0
		kill -0 "$SLURMCTLD_PID" 2>/dev/null && kill -0 "$SLURMD_PID" 2>/dev/null || break
		sleep 0.5
	done
	echo "the local slurm node did not come up idle; logs:" >&2
	tail -n 5 "$dir/slurmctld.log" "$dir/slurmd.log" "$dir"/*.out >&2 2>/dev/null
	return 1
}

# stops what slurm_start started, by pid, and waits for each to end
slurm_stop() {
	local p
	for p in ${SLURMD_PID:-} ${SLURMCTLD_PID:-} ${MUNGED_PID:-}; do
		kill "$p" 2>/dev/null
	done
	for p in ${SLURMD_PID:-} ${SLURMCTLD_PID:-} ${MUNGED_PID:-}; do
		for _ in $(seq 1 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.2; done
		kill -9 "$p" 2>/dev/null
	done
	SLURMD_PID= SLURMCTLD_PID= MUNGED_PID=
}

# waits until job $1 (and all its array tasks) left the queue; max $2 s
slurm_wait_job() {
	local id=$1 max=${2:-600} t=0
	while squeue -h -j "$id" 2>/dev/null | grep -q .; do
		t=$((t + 1))
		[ "$t" -le "$max" ] || return 1
		sleep 1
	done
}

#!/bin/bash
# waits on: guests (scripts/timings-from-log.sh: host, kernels or guests)
# rx-mixed proto=udp, rx-mixed topology=virtio (one and two NIC pairs) and
# the iperf3 workload, each one short run on baseline; the virtio NICs must
# reach nothing outside QEMU; an unknown proto is refused naming the allowed
# values.
. "$(dirname "$0")/../lib.sh"

SHORT="tenants=2 duration_s=2 warmup_s=1"

# Every -netdev on a QEMU command line: a dgram/stream/socket backend whose
# endpoints are unix sockets or 127.0.0.1 (no user/tap/bridge networking).
netdevs_local_only() {
	local log=$1 nd bad=0
	while read -r nd; do
		case $nd in
		dgram,* | stream,* | socket,*) ;;
		*) echo "netdev not allowed: $nd" >&2; bad=1; continue ;;
		esac
		tr ',' '\n' <<<"$nd" | grep -E '(host|listen|connect|udp|localaddr|mcast)=' |
			grep -vE '=127\.0\.0\.1(:[0-9]+)?$' && bad=1
	done < <(head -n 1 "$log" | tr ' ' '\n' | grep -A1 -x -- -netdev | grep -v -x -- -netdev | grep -v -x -- --)
	return $bad
}

# rx-mixed over UDP: receivers count what arrives, the sender what it sent
out=$($MMX run baseline rx-mixed $SHORT proto=udp --out "$TEST_STORE")
check "udp: mmx run exits 0" test $? -eq 0
check "udp: status ok" test "$(field "$out" .status)" = ok
check "udp: metrics say proto udp on lo-rps" jq -e '.metrics.proto == "udp" and .metrics.topology == "lo-rps"' <<<"$out"
check "udp: bytes received > 0" jq -e '.metrics.bytes_received > 0' <<<"$out"
check "udp: bytes sent > 0" jq -e '.metrics.bytes_sent > 0' <<<"$out"
check "udp: per-tenant throughput for 2 tenants" jq -e '.metrics.tenant_throughput_bytes_per_sec | length == 2 and all(. > 0)' <<<"$out"
check "udp: per-tenant bytes sent for 2 tenants" jq -e '.metrics.tenant_bytes_sent | length == 2 and all(. > 0)' <<<"$out"
check "udp: socket memory charged to the tenants" jq -e '.metrics.page_counter_charges > 0' <<<"$out"

# rx-mixed over the virtio NIC pair
out=$($MMX run baseline rx-mixed $SHORT topology=virtio --out "$TEST_STORE")
check "virtio: mmx run exits 0" test $? -eq 0
check "virtio: status ok" test "$(field "$out" .status)" = ok
check "virtio: metrics say topology virtio" jq -e '.metrics.topology == "virtio" and .metrics.proto == "tcp"' <<<"$out"
check "virtio: bytes received > 0" jq -e '.metrics.bytes_received > 0' <<<"$out"
check "virtio: per-tenant throughput for 2 tenants" jq -e '.metrics.tenant_throughput_bytes_per_sec | length == 2 and all(. > 0)' <<<"$out"
check "virtio: receiving NIC's IRQ fired on the receive CPU" jq -e '.metrics.nic_pair.rx_irqs | length >= 1 and all(.count_on_rx_cpu > 0)' <<<"$out"
check "virtio: NAPI polls on the receive CPU" jq -e '.metrics.napi_polls_per_cpu[.metrics.rx_cpu] > 0' <<<"$out"
qlog=$(field "$out" .qemu_log)
check "virtio: QEMU command line recorded" test -s "$qlog"
check "virtio: two virtio-net NICs on the command line" test "$(head -n 1 "$qlog" | tr ' ' '\n' | grep -c '^virtio-net-pci,')" -eq 2
check "virtio: every netdev endpoint is local (unix socket or 127.0.0.1)" netdevs_local_only "$qlog"
check "virtio: no user-mode or tap networking" bash -c "! head -n 1 '$qlog' | grep -qE -- '-netdev (user|tap|bridge|vde|l2tpv3)|-nic (user|tap|bridge)'"

# rx_nics=2: two NIC pairs (tenant t on pair t mod 2), both receiving NICs'
# interrupts on the receive CPU, so one NET_RX pass polls both NAPI instances
# (a tcg run that hits QEMU's text-patching race is run once more by mmx
# itself, both records kept: docs/troubleshooting.md)
out=$($MMX run baseline rx-mixed tenants=4 duration_s=2 warmup_s=1 topology=virtio rx_nics=2 pass_stats=1 --out "$TEST_STORE")
check "rx_nics=2: mmx run exits 0" test $? -eq 0
check "rx_nics=2: status ok" test "$(field "$out" .status)" = ok
check "rx_nics=2: per-tenant throughput for 4 tenants" jq -e '.metrics.tenant_throughput_bytes_per_sec | length == 4 and all(. > 0)' <<<"$out"
check "rx_nics=2: two pairs described, pair k on 10.77.k.0/24" \
	jq -e '.metrics.rx_nics == 2 and ([.metrics.nic_pair.pairs[] | [.rx_addr, .tx_addr]] == [["10.77.0.1", "10.77.0.2"], ["10.77.1.1", "10.77.1.2"]])' <<<"$out"
check "rx_nics=2: pair 0 still at the top of nic_pair" \
	jq -e '.metrics.nic_pair as $p | $p.rx_if == $p.pairs[0].rx_if and $p.rx_irqs == $p.pairs[0].rx_irqs' <<<"$out"
check "rx_nics=2: both receiving NICs' IRQs fired on the receive CPU, both took packets" \
	jq -e '.metrics.nic_pair.pairs | all(.rx_irqs | length >= 1 and all(.count_on_rx_cpu > 0)) and all(.rx_packets > 0)' <<<"$out"
check "rx_nics=2: no sending NIC shares a receiving NIC's IRQ line" jq -e '.metrics.nic_pair.irq_shared == false' <<<"$out"
check "rx_nics=2: the receive CPU's NET_RX passes polled both receiving NICs, some both in one pass" \
	jq -e '(.metrics.pass_nic_polls | keys) == ([.metrics.nic_pair.pairs[].rx_if] | sort) and (.metrics.pass_nic_polls | all(.[]; . > 0)) and .metrics.pass_count_multi_nic > 0' <<<"$out"
qlog=$(field "$out" .qemu_log)
check "rx_nics=2: four virtio-net NICs on the command line" test "$(head -n 1 "$qlog" | tr ' ' '\n' | grep -c '^virtio-net-pci,')" -eq 4
check "rx_nics=2: every netdev endpoint is local (unix socket or 127.0.0.1)" netdevs_local_only "$qlog"
check "rx_nics=2: no user-mode or tap networking" bash -c "! head -n 1 '$qlog' | grep -qE -- '-netdev (user|tap|bridge|vde|l2tpv3)|-nic (user|tap|bridge)'"

# iperf3, one server per tenant
out=$($MMX run baseline iperf3 $SHORT --out "$TEST_STORE")
check "iperf3: mmx run exits 0" test $? -eq 0
check "iperf3: status ok" test "$(field "$out" .status)" = ok
check "iperf3: throughput > 0" jq -e '.metrics.throughput_bytes_per_sec > 0 and .metrics.bytes_received > 0' <<<"$out"
check "iperf3: per-tenant throughput for 2 tenants" jq -e '.metrics.tenant_throughput_bytes_per_sec | length == 2 and all(. > 0)' <<<"$out"
check "iperf3: charge counters measured" jq -e '.metrics.page_counter_charges > 0' <<<"$out"
qlog=$(field "$out" .qemu_log)
check "lo-rps workloads boot without a NIC" bash -c "head -n 1 '$qlog' | grep -q -- '-nic none' && ! head -n 1 '$qlog' | grep -q -- '-netdev'"

# an unknown proto is refused before any boot, naming the allowed values
err=$($MMX run baseline rx-mixed proto=sctp 2>&1 >/dev/null)
rc=$?
check "unknown proto: mmx run fails" test "$rc" -ne 0
check "unknown proto: the error names the allowed values" grep -q "allowed: tcp udp" <<<"$err"

# several receive CPUs: rx_cpus=3 on a 5-vCPU guest (CPUs 1-3 receive, the
# sender on 4, receivers on 0); every tenant's flows are placed one per
# receive CPU and stay there
out=$($MMX run baseline rx-mixed tenants=4 duration_s=2 warmup_s=1 rx_cpus=3 cpus=5 --out "$TEST_STORE")
check "rx_cpus=3: mmx run exits 0" test $? -eq 0
check "rx_cpus=3: the layout (receive CPUs 1-3, sender 4)" \
	jq -e '.metrics.rx_cpus == 3 and .metrics.rx_cpu_list == [1, 2, 3] and .metrics.sender_cpu == 4' <<<"$out"
check "rx_cpus=3: every receive CPU ends with one flow of each tenant" \
	jq -e '.metrics.flows_per_rx_cpu == [4, 4, 4] and .metrics.flows_off_target_at_end == 0' <<<"$out"
check "rx_cpus=3: each receive CPU took packets, no other CPU did" \
	jq -e '.metrics.netif_receive_skbs_per_cpu as $n | ($n[1:4] | all(. > 0)) and $n[0] == 0 and $n[4] == 0' <<<"$out"
check "rx_cpus=3: charges counted" jq -e '.metrics.page_counter_charges > 0' <<<"$out"
check "rx_cpus=3: charges split between the three receive CPUs and the others" \
	jq -e '.metrics.rx_cpu_set == [1, 2, 3] and .metrics.charges_rx_cpus_per_mb > 0 and (.metrics.page_counter_charges_per_cpu[1:4] | all(. > 0))' <<<"$out"
# pin_receivers=1: each tenant's receiver on one CPU of the receivers' set
# (CPUs 0 and 3 of a 4-vCPU guest), in turn; without it, anywhere in the set
out=$($MMX run baseline rx-mixed tenants=3 duration_s=1 warmup_s=0 pin_receivers=1 --out "$TEST_STORE")
check "pin_receivers=1: mmx run exits 0" test $? -eq 0
check "pin_receivers=1: receivers on CPUs 0, 3, 0 in turn" \
	jq -e '.metrics.receiver_cpus == [[0], [3], [0]]' <<<"$out"
rec=$(jq -c 'select(.params.proto == "udp")' "$TEST_STORE" | tail -n 1)
check "without pin_receivers: every receiver may run on CPUs 0 and 3" \
	jq -e '.metrics.receiver_cpus == [[0, 3], [0, 3]]' <<<"$rec"
err=$($MMX run baseline rx-mixed tenants=2 duration_s=1 rx_cpus=3 --out "$TEST_STORE" 2>&1)
rec=$(last_record "$TEST_STORE")
check "rx_cpus=3 on the default 4-vCPU guest fails naming cpus=" \
	jq -e '.status == "failed" and (.detail | test("rx_cpus=3 needs at least 5 CPUs.*cpus="))' <<<"$rec"
err=$($MMX run baseline rx-mixed tenants=2 duration_s=1 rx_cpus=2 topology=virtio --out "$TEST_STORE" 2>&1)
rec=$(last_record "$TEST_STORE")
check "rx_cpus=2 with topology=virtio fails naming lo-rps" \
	jq -e '.status == "failed" and (.detail | test("lo-rps"))' <<<"$rec"
err=$($MMX run baseline rx-mixed tenants=2 duration_s=1 rx_nics=2 topology=lo-rps --out "$TEST_STORE" 2>&1)
rec=$(last_record "$TEST_STORE")
check "rx_nics=2 with topology=lo-rps fails naming rx_nics and virtio" \
	jq -e '.status == "failed" and (.detail | test("rx_nics=2 needs topology=virtio"))' <<<"$rec"
qlog=$(jq -r '.qemu_log // empty' <<<"$rec")
check "rx_nics=2 with topology=lo-rps boots without a NIC" bash -c "head -n 1 '$qlog' | grep -q -- '-nic none' && ! head -n 1 '$qlog' | grep -q -- '-netdev'"

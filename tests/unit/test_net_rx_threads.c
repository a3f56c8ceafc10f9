// SPDX-License-Identifier: GPL-2.0
/* Which kernel threads do NET_RX work, and their time per CPU in metrics. */
#include <errno.h>
#include <string.h>

#include "check.h"
#include "metric_num.h"
#include "net_rx_threads.h"

static void add(struct net_rx_threads *s, enum net_rx_thread_kind kind, int cpu,
		unsigned long long ns)
{
	s->t[s->n].kind = kind;
	s->t[s->n].cpu = cpu;
	s->t[s->n].clock.delta[0] = ns;
	s->n++;
}

int main(void)
{
	struct net_rx_threads s;
	json_t *m;
	int cpu;

	CHECK(net_rx_thread_kind("backlog_napi/3", &cpu) == NET_RX_THREAD_BACKLOG && cpu == 3,
	      "backlog_napi/N: PREEMPT_RT's backlog thread of CPU N");
	CHECK(net_rx_thread_kind("ksoftirqd/12", &cpu) == NET_RX_THREAD_KSOFTIRQD && cpu == 12,
	      "ksoftirqd/N");
	CHECK(net_rx_thread_kind("napi/eth0-8193", &cpu) == NET_RX_THREAD_NAPI && cpu == -1,
	      "napi/DEV-ID: threaded NAPI, CPU unknown from the name");
	CHECK(net_rx_thread_kind("backlog_napi/", &cpu) == NET_RX_THREAD_NONE &&
	      net_rx_thread_kind("backlog_napi/1x", &cpu) == NET_RX_THREAD_NONE &&
	      net_rx_thread_kind("napi/", &cpu) == NET_RX_THREAD_NONE &&
	      net_rx_thread_kind("kworker/1:0", &cpu) == NET_RX_THREAD_NONE &&
	      net_rx_thread_kind("ksoftirqd", &cpu) == NET_RX_THREAD_NONE,
	      "other names are not NET_RX threads");

	memset(&s, 0, sizeof(s));
	s.ncpus = 4;
	add(&s, NET_RX_THREAD_BACKLOG, 1, 1000);
	add(&s, NET_RX_THREAD_BACKLOG, 2, 10);
	add(&s, NET_RX_THREAD_NAPI, 1, 500);
	add(&s, NET_RX_THREAD_NAPI, -1, 7);	/* never ran: no CPU */
	add(&s, NET_RX_THREAD_KSOFTIRQD, 1, 40);
	m = json_object();
	net_rx_threads_report(&s, m);
	CHECK(metric_num(m, "net_rx_thread_ns") == 1517, "backlog and napi threads summed");
	CHECK(json_array_size(json_object_get(m, "net_rx_thread_ns_per_cpu")) == 4 &&
	      json_number_value(json_array_get(json_object_get(m, "net_rx_thread_ns_per_cpu"), 1)) == 1500,
	      "per CPU: CPU 1 holds its backlog and napi threads");
	CHECK(metric_num(m, "ksoftirqd_ns") == 40, "ksoftirqd apart");
	CHECK(!json_object_get(m, "net_rx_threads_error"), "no error when all opened");
	json_decref(m);

	memset(&s, 0, sizeof(s));
	s.ncpus = 2;
	m = json_object();
	net_rx_threads_report(&s, m);
	CHECK(metric_num(m, "net_rx_thread_ns") == 0, "no such threads: 0, nothing ran there");
	json_decref(m);

	s.open_errno = EACCES;
	strcpy(s.failed_comm, "backlog_napi/1");
	m = json_object();
	net_rx_threads_report(&s, m);
	CHECK(json_is_null(json_object_get(m, "net_rx_thread_ns")) &&
	      json_is_null(json_object_get(m, "ksoftirqd_ns_per_cpu")),
	      "a counter that would not open: null, never 0");
	CHECK(strstr(json_string_value(json_object_get(m, "net_rx_threads_error")),
		     "backlog_napi/1") != NULL, "the error names the thread");
	json_decref(m);
	return check_summary();
}

# memcg-matrix: `make` runs the default job, `make test` the tests.
# Both first install what is missing (scripts/install-deps.sh).

CC      ?= gcc
CFLAGS  := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O2 -g -Iharness/common
BUILD   := build

COMMON_SRC := harness/common/result_frame.c harness/common/kernel_symbols.c \
	      harness/common/charge_functions.c harness/common/file_frame.c
# mmx, bottom up (docs/architecture.md): lib/ is what every part of mmx
# uses; harness/host/ has one folder per stage of a run; analysis/ is the
# statistics and the report writers; cli/ is the commands on top of both
LIB_SRC    := $(wildcard lib/*.c)
HOST_STAGES := matrix build image boot store run
HOST_SRC   := $(foreach s,$(HOST_STAGES),$(wildcard harness/host/$(s)/*.c))
# analysis/, bottom up (docs/architecture.md): numerics < model < format <
# charts, summaries < pages; each folder sees its own headers and those below
ANALYSIS_LAYERS := numerics model format charts summaries pages
ANALYSIS_SRC := $(foreach l,$(ANALYSIS_LAYERS),$(wildcard analysis/$(l)/*.c))
CLI_SRC    := $(wildcard cli/*.c)
# the agent, bottom up (docs/architecture.md): guest < tenants < load <
# probes < window < workloads; each folder sees its own headers and those of
# the folders below it, never above
AGENT_LAYERS := guest tenants load probes window workloads
AGENT_SRC  := $(foreach l,$(AGENT_LAYERS),$(wildcard harness/agent/$(l)/*.c))
# the cost plugin: a shared object QEMU loads (-plugin), built against the
# plugin header of the installed QEMU (scripts/qemu-plugin-header.sh)
PLUGIN_SRC := $(wildcard harness/plugin/*.c)
HEADERS    := $(wildcard harness/*/*.h harness/host/*/*.h harness/agent/*/*.h analysis/*/*.h lib/*.h cli/*.h)
GLIB_FLAGS  = $(shell pkg-config --cflags --libs glib-2.0)

# The default job: the quick profile of matrix.json (kernels, then runs in
# randomized blocks; resumable: run make again after an interruption), the
# correctness gate's accounting items for its variants on the kconfig axes it
# measures them on, and REPORT.md with its charts from the results just made.
PROFILE      ?= quick
RESULTS      := results/matrix/$(PROFILE)
# a profile's report goes beside its runs: the committed root REPORT.md
# (from the published stores, docs/results.md) is never rewritten by make
REPORT_OUT   ?= $(RESULTS)
GATE_ITEMS   ?= integrity,limits,hotplug

.PHONY: all deps harness test check unit integration clean matrix gate report gate-variants
all: deps
	@$(MAKE) --no-print-directory -j$(BUILD_JOBS) harness
	@$(MAKE) --no-print-directory matrix gate report

# the harness and unit tests compile on every core (about 30 s saved cold)
BUILD_JOBS ?= $(shell nproc)

# guests at once: icount runs share the cores (their time is an
# instruction count); tcg and kvm runs still run alone (mmx matrix -j)
JOBS ?= $(shell n=$$(nproc); [ "$$n" -gt 8 ] && n=8; echo $$n)

# exit 1 = some cell failed: recorded, and the report lists it
matrix:
	./$(BUILD)/mmx matrix --profile $(PROFILE) -j $(JOBS) || [ $$? -eq 1 ]

# every variant of the profile on each kconfig axis the profile measures it
# on (scripts/gate-plan.sh); a failing variant is shown invalid in the
# report, so the job goes on
gate: | $(BUILD)
	@./scripts/gate-plan.sh $(PROFILE) >$(BUILD)/gate-plan.txt
	@while read -r v axes; do \
		./$(BUILD)/mmx check $$v kconfig=$$axes items=$(GATE_ITEMS) </dev/null || true; \
	done <$(BUILD)/gate-plan.txt

# the profile's report, beside its runs
report:
	./$(BUILD)/mmx report $(RESULTS) --out $(REPORT_OUT)

deps:
	@./scripts/install-deps.sh

harness: $(BUILD)/mmx $(BUILD)/mmx-agent $(BUILD)/mmx-cost.so

$(BUILD):
	@mkdir -p $@

# host objects go into a library that mmx and the unit tests link
HOST_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(LIB_SRC) $(HOST_SRC) $(COMMON_SRC) \
	    $(ANALYSIS_SRC) $(CLI_SRC))
# The dependencies run one way: each folder sees its own headers and those
# of the folders below it, never above (a header of a later stage, or of
# analysis/ from harness/host/, does not compile). A stage sees the stages
# before it: matrix < build < image < boot < store < run.
MATRIX_INC := -Ilib -Iharness/host/matrix
BUILD_INC  := $(MATRIX_INC) -Iharness/host/build
IMAGE_INC  := $(BUILD_INC) -Iharness/host/image
BOOT_INC   := $(IMAGE_INC) -Iharness/host/boot
STORE_INC  := $(BOOT_INC) -Iharness/host/store
RUN_INC    := $(STORE_INC) -Iharness/host/run
NUMERICS_INC  := -Ilib -Ianalysis/numerics
MODEL_INC     := $(NUMERICS_INC) -Ianalysis/model
FORMAT_INC    := $(MODEL_INC) -Ianalysis/format
CHARTS_INC    := $(FORMAT_INC) -Ianalysis/charts
SUMMARIES_INC := $(FORMAT_INC) -Ianalysis/summaries
PAGES_INC     := $(CHARTS_INC) -Ianalysis/pages
CLI_INC    := $(RUN_INC) $(PAGES_INC) -Ianalysis/summaries -Icli
$(BUILD)/obj/lib/%.o:                CFLAGS += -Ilib
$(BUILD)/obj/harness/host/matrix/%.o: CFLAGS += $(MATRIX_INC)
$(BUILD)/obj/harness/host/build/%.o:  CFLAGS += $(BUILD_INC)
$(BUILD)/obj/harness/host/image/%.o:  CFLAGS += $(IMAGE_INC)
$(BUILD)/obj/harness/host/boot/%.o:   CFLAGS += $(BOOT_INC)
$(BUILD)/obj/harness/host/store/%.o:  CFLAGS += $(STORE_INC)
$(BUILD)/obj/harness/host/run/%.o:    CFLAGS += $(RUN_INC)
$(BUILD)/obj/analysis/numerics/%.o:  CFLAGS += $(NUMERICS_INC)
$(BUILD)/obj/analysis/model/%.o:     CFLAGS += $(MODEL_INC)
$(BUILD)/obj/analysis/format/%.o:    CFLAGS += $(FORMAT_INC)
$(BUILD)/obj/analysis/charts/%.o:    CFLAGS += $(CHARTS_INC)
$(BUILD)/obj/analysis/summaries/%.o: CFLAGS += $(SUMMARIES_INC)
$(BUILD)/obj/analysis/pages/%.o:     CFLAGS += $(PAGES_INC)
$(BUILD)/obj/cli/%.o:                CFLAGS += $(CLI_INC)
HOST_LIB := $(BUILD)/libmmxhost.a

$(BUILD)/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c -o $@ $<

# the revision mmx is built from goes into its records, so a commit made
# while a long matrix runs does not relabel the runs; "-dirty" when the
# code that is compiled in differs from that commit. The file is rewritten
# only when the revision changes, so it rebuilds nothing otherwise.
REV_SRC := $(BUILD)/gen/harness_rev.c
REV_OBJ := $(BUILD)/obj/gen/harness_rev.o
$(REV_SRC): FORCE
	@mkdir -p $(dir $@)
	@rev=$$(git rev-parse --short=12 HEAD 2>/dev/null); \
	if [ -n "$$rev" ] && ! git diff --quiet HEAD -- harness analysis lib cli Makefile; then \
		rev=$$rev-dirty; fi; \
	printf '/* generated by make */\nconst char harness_build_rev[] = "%s";\n' "$$rev" >$@.tmp; \
	if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(REV_OBJ): $(REV_SRC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c -o $@ $<
.PHONY: FORCE

# made afresh: ar keeps the members of a source file that is gone, and a
# unit test would link them
$(HOST_LIB): $(filter-out $(BUILD)/obj/cli/mmx_main.o,$(HOST_OBJ)) $(REV_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/mmx: $(BUILD)/obj/cli/mmx_main.o $(HOST_LIB)
	$(CC) $(CFLAGS) -o $@ $^ -ljansson -lcrypto -lelf -lz -lm

AGENT_GUEST_INC     := -Iharness/agent/guest
AGENT_TENANTS_INC   := $(AGENT_GUEST_INC) -Iharness/agent/tenants
AGENT_LOAD_INC      := $(AGENT_TENANTS_INC) -Iharness/agent/load
AGENT_PROBES_INC    := $(AGENT_LOAD_INC) -Iharness/agent/probes
AGENT_WINDOW_INC    := $(AGENT_PROBES_INC) -Iharness/agent/window
AGENT_WORKLOADS_INC := $(AGENT_WINDOW_INC) -Iharness/agent/workloads
AGENT_OBJ := $(patsubst %.c,$(BUILD)/agent-obj/%.o,$(AGENT_SRC) $(COMMON_SRC))
$(BUILD)/agent-obj/harness/agent/guest/%.o:     CFLAGS += $(AGENT_GUEST_INC)
$(BUILD)/agent-obj/harness/agent/tenants/%.o:   CFLAGS += $(AGENT_TENANTS_INC)
$(BUILD)/agent-obj/harness/agent/load/%.o:      CFLAGS += $(AGENT_LOAD_INC)
$(BUILD)/agent-obj/harness/agent/probes/%.o:    CFLAGS += $(AGENT_PROBES_INC)
$(BUILD)/agent-obj/harness/agent/window/%.o:    CFLAGS += $(AGENT_WINDOW_INC)
$(BUILD)/agent-obj/harness/agent/workloads/%.o: CFLAGS += $(AGENT_WORKLOADS_INC)

$(BUILD)/agent-obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c -o $@ $<

# static: it is /init of an initramfs that holds nothing else
$(BUILD)/mmx-agent: $(AGENT_OBJ) | $(BUILD)
	$(CC) $(CFLAGS) -static -o $@ $(AGENT_OBJ) -ljansson -lz

$(BUILD)/mmx-cost.so: $(PLUGIN_SRC) $(HEADERS) | $(BUILD)
	@inc=$$(./scripts/qemu-plugin-header.sh) && \
	echo "$(CC) ... -shared -o $@ $(PLUGIN_SRC) (QEMU plugin header: $$inc)" && \
	$(CC) $(CFLAGS) -fPIC -shared -I"$$inc" -o $@ $(PLUGIN_SRC) $(GLIB_FLAGS) -lcapstone -lpthread

# unit tests: one C program per module under test
UNIT_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(wildcard tests/unit/test_*.c))

# agent files that need nothing but libc (parsers) are unit-tested too
UNIT_AGENT_SRC := harness/agent/probes/proc_counters.c harness/agent/guest/cpu_split.c \
		  harness/agent/guest/guest_files.c \
		  harness/agent/probes/latency_hist.c \
		  harness/agent/probes/net_rx_threads.c harness/agent/probes/perf_probes.c \
		  harness/agent/load/pass_tally.c harness/agent/load/pass_nics.c \
		  harness/agent/probes/kprobe_missed.c \
		  harness/agent/probes/perf_output.c \
		  harness/plugin/func_ranges.c harness/plugin/line_owner.c \
		  harness/plugin/mix_estimate.c harness/plugin/insn_classify.c

# compiled once into an archive, not again for each of the unit tests
UNIT_AGENT_OBJ := $(patsubst %.c,$(BUILD)/unit-obj/%.o,$(UNIT_AGENT_SRC))
UNIT_AGENT_LIB := $(BUILD)/libmmxunit.a
$(BUILD)/unit-obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(CLI_INC) $(AGENT_WORKLOADS_INC) -Iharness/plugin -c -o $@ $<

$(UNIT_AGENT_LIB): $(UNIT_AGENT_OBJ)
	@rm -f $@
	ar rcs $@ $(UNIT_AGENT_OBJ)

$(BUILD)/tests/%: tests/unit/%.c tests/unit/check.h tests/unit/metric_num.h $(HOST_LIB) $(UNIT_AGENT_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(CLI_INC) $(AGENT_WORKLOADS_INC) -Iharness/plugin -o $@ $< $(UNIT_AGENT_LIB) $(HOST_LIB) -ljansson -lcrypto -lelf -lz -lm -lcapstone -lpthread

test: deps
	@$(MAKE) --no-print-directory -j$(BUILD_JOBS) harness $(UNIT_TESTS)
	@./tests/run-all.sh

# every variant with a series of its own through the gate's accounting
# items on the base kconfig (test 75, moved out of make test: docs/make.md)
gate-variants: deps
	@$(MAKE) --no-print-directory harness
	@./tests/run-all.sh --only 75-gate-variants

# the long tier: the gate on base and debug kconfig for every variant
check: deps
	@$(MAKE) --no-print-directory harness $(UNIT_TESTS)
	@MMX_TIER=check MMX_GATE_KCONFIG=base,debug ./tests/run-all.sh

unit: $(UNIT_TESTS)
	@./tests/run-all.sh --unit-only

clean:
	rm -rf $(BUILD)

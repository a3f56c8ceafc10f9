# memcg-matrix: `make` runs the default job, `make test` the tests.
# Both first install what is missing (scripts/install-deps.sh).

CC      ?= gcc
CFLAGS  := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O2 -g
BUILD   := build

COMMON_SRC := harness/common/result_frame.c
HOST_SRC   := $(wildcard harness/host/*.c)
# mmx report: the statistics and the report writers, linked into mmx
ANALYSIS_SRC := $(wildcard analysis/*.c)
AGENT_SRC  := $(wildcard harness/agent/*.c)
HEADERS    := $(wildcard harness/*/*.h analysis/*.h)

# The default job: the quick profile of matrix.json (kernels, then runs in
# randomized blocks; resumable: run make again after an interruption), the
# correctness gate's accounting items for its variants on the kconfig axes it
# measures them on, and REPORT.md with its charts from the results just made.
PROFILE      ?= quick
RESULTS      := results/matrix/$(PROFILE)
REPORT_OUT   ?= $(if $(filter quick,$(PROFILE)),.,$(RESULTS))
GATE_ITEMS   ?= integrity,limits,hotplug

.PHONY: all deps harness test check unit integration clean matrix gate report
all: deps
	@$(MAKE) --no-print-directory harness
	@$(MAKE) --no-print-directory matrix gate report

# exit 1 = some cell failed: recorded, and the report lists it
matrix:
	./$(BUILD)/mmx matrix --profile $(PROFILE) || [ $$? -eq 1 ]

# every variant of the profile on each kconfig axis the profile measures it
# on (scripts/gate-plan.sh); a failing variant is shown invalid in the
# report, so the job goes on
gate: | $(BUILD)
	@./scripts/gate-plan.sh $(PROFILE) >$(BUILD)/gate-plan.txt
	@while read -r v axes; do \
		./$(BUILD)/mmx check $$v kconfig=$$axes items=$(GATE_ITEMS) </dev/null || true; \
	done <$(BUILD)/gate-plan.txt

# quick's report is the repo's REPORT.md; another profile's goes beside its runs
report:
	./$(BUILD)/mmx report $(RESULTS) --out $(REPORT_OUT)

deps:
	@./scripts/install-deps.sh

harness: $(BUILD)/mmx $(BUILD)/mmx-agent

$(BUILD):
	@mkdir -p $@

# host objects go into a library that mmx and the unit tests link
HOST_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(HOST_SRC) $(COMMON_SRC) $(ANALYSIS_SRC))
$(BUILD)/obj/analysis/%.o: CFLAGS += -Iharness/host
# the matrix engine reads the store and shuffles with the analysis helpers
$(BUILD)/obj/harness/host/%.o: CFLAGS += -Ianalysis
HOST_LIB := $(BUILD)/libmmxhost.a

$(BUILD)/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c -o $@ $<

$(HOST_LIB): $(filter-out $(BUILD)/obj/harness/host/mmx_main.o,$(HOST_OBJ))
	$(AR) rcs $@ $^

$(BUILD)/mmx: $(BUILD)/obj/harness/host/mmx_main.o $(HOST_LIB)
	$(CC) $(CFLAGS) -o $@ $^ -ljansson -lcrypto -lz -lm

# static: it is /init of an initramfs that holds nothing else
$(BUILD)/mmx-agent: $(AGENT_SRC) $(COMMON_SRC) $(HEADERS) | $(BUILD)
	$(CC) $(CFLAGS) -static -o $@ $(AGENT_SRC) $(COMMON_SRC) -ljansson -lz

# unit tests: one C program per module under test
UNIT_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(wildcard tests/unit/test_*.c))

# agent files that need nothing but libc (parsers) are unit-tested too
UNIT_AGENT_SRC := harness/agent/kernel_symbols.c harness/agent/proc_counters.c \
		  harness/agent/guest_files.c \
		  harness/agent/latency_hist.c

$(BUILD)/tests/%: tests/unit/%.c tests/unit/check.h $(HOST_LIB) $(UNIT_AGENT_SRC) $(UNIT_AGENT_SRC:.c=.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iharness/host -Iharness/common -Iharness/agent -Ianalysis -o $@ $< $(UNIT_AGENT_SRC) $(HOST_LIB) -ljansson -lcrypto -lz -lm

test: deps
	@$(MAKE) --no-print-directory harness $(UNIT_TESTS)
	@./tests/run-all.sh

# the long tier: the gate on base and debug kconfig for every variant
check: deps
	@$(MAKE) --no-print-directory harness $(UNIT_TESTS)
	@MMX_TIER=check MMX_GATE_KCONFIG=base,debug ./tests/run-all.sh

unit: $(UNIT_TESTS)
	@./tests/run-all.sh --unit-only

clean:
	rm -rf $(BUILD)

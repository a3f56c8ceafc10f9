// SPDX-License-Identifier: GPL-2.0
#include "check.h"
#include "kconfig_check.h"

static const char *config =
	"CONFIG_SMP=y\n"
	"CONFIG_NR_CPUS=8\n"
	"# CONFIG_SLUB_TINY is not set\n"
	"CONFIG_MEMCG=y\n";

int main(void)
{
	char problems[2048] = "";

	CHECK(kconfig_check("f", "CONFIG_SMP=y\nCONFIG_NR_CPUS=8\n# comment\n",
			    config, problems, sizeof(problems)) == 0,
	      "options present are accepted");
	CHECK(kconfig_check("f", "# CONFIG_SLUB_TINY is not set\nCONFIG_KASAN=n\n",
			    config, problems, sizeof(problems)) == 0,
	      "options asked unset and unset are accepted");
	problems[0] = '\0';
	CHECK(kconfig_check("kconfigs/x.config", "CONFIG_FUNCTION_PROFILER=y\n", config,
			    problems, sizeof(problems)) == 1,
	      "a dropped option is a mismatch");
	CHECK(strstr(problems, "CONFIG_FUNCTION_PROFILER=y") &&
	      strstr(problems, "kconfigs/x.config") && strstr(problems, "not set"),
	      "the message names option, fragment and what .config has");
	problems[0] = '\0';
	CHECK(kconfig_check("f", "CONFIG_NR_CPUS=64\n", config, problems,
			    sizeof(problems)) == 1 &&
	      strstr(problems, "CONFIG_NR_CPUS=8"), "a different value is a mismatch");
	problems[0] = '\0';
	CHECK(kconfig_check("f", "# CONFIG_MEMCG is not set\n", config, problems,
			    sizeof(problems)) == 1, "an option asked unset but set");
	CHECK(kconfig_check("f", "CONFIG_SM=y\n", config, problems,
			    sizeof(problems)) == 1, "a prefix of a set option is not it");
	return check_summary();
}

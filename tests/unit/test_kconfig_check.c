// SPDX-License-Identifier: GPL-2.0
#include "check.h"
#include "kconfig_check.h"
#include "kconfig_fragment.h"

static const char *config =
	"CONFIG_SMP=y\n"
	"CONFIG_NR_CPUS=8\n"
	"# CONFIG_SLUB_TINY is not set\n"
	"CONFIG_MEMCG=y\n";

int main(void)
{
	char problems[2048] = "";

	CHECK(kconfig_check("f", "CONFIG_SMP=y\nCONFIG_NR_CPUS=8\n# comment\n", NULL,
			    config, problems, sizeof(problems)) == 0,
	      "options present are accepted");
	CHECK(kconfig_check("f", "# CONFIG_SLUB_TINY is not set\nCONFIG_KASAN=n\n", NULL,
			    config, problems, sizeof(problems)) == 0,
	      "options asked unset and unset are accepted");
	problems[0] = '\0';
	CHECK(kconfig_check("kconfigs/x.config", "CONFIG_FUNCTION_PROFILER=y\n", NULL, config,
			    problems, sizeof(problems)) == 1,
	      "a dropped option is a mismatch");
	CHECK(strstr(problems, "CONFIG_FUNCTION_PROFILER=y") &&
	      strstr(problems, "kconfigs/x.config") && strstr(problems, "not set"),
	      "the message names option, fragment and what .config has");
	problems[0] = '\0';
	CHECK(kconfig_check("f", "CONFIG_NR_CPUS=64\n", NULL, config, problems,
			    sizeof(problems)) == 1 &&
	      strstr(problems, "CONFIG_NR_CPUS=8"), "a different value is a mismatch");
	problems[0] = '\0';
	CHECK(kconfig_check("f", "# CONFIG_MEMCG is not set\n", NULL, config, problems,
			    sizeof(problems)) == 1, "an option asked unset but set");
	CHECK(kconfig_check("f", "CONFIG_SM=y\n", NULL, config, problems,
			    sizeof(problems)) == 1, "a prefix of a set option is not it");
	problems[0] = '\0';
	CHECK(kconfig_check("kconfigs/base.config", "CONFIG_SMP=y\nCONFIG_NR_CPUS=16\n",
			    "CONFIG_NR_CPUS=8\n", config, problems, sizeof(problems)) == 0,
	      "an option a later fragment sets again is left to the later one");
	CHECK(kconfig_check("kconfigs/base.config", "CONFIG_NR_CPUS=8\nCONFIG_MEMCG=y\n",
			    "CONFIG_NR_CPUS=16\n", config, problems, sizeof(problems)) == 0 &&
	      kconfig_check("kconfigs/cpus16.config", "CONFIG_NR_CPUS=16\n", NULL, config,
			    problems, sizeof(problems)) == 1 &&
	      strstr(problems, "cpus16.config"),
	      "the later fragment's value is the one checked against .config");
	CHECK(kconfig_check("f", "CONFIG_SMP=n\nCONFIG_MEMCG=y\n", "CONFIG_NR_CPUS=16\n",
			    config, problems, sizeof(problems)) == 1,
	      "options the later fragments do not set are still checked");
	{
		char value[64];

		CHECK(kconfig_fragment_value("CONFIG_NR_CPUS=8\n# x\nCONFIG_NR_CPUS=16\n",
					     "CONFIG_NR_CPUS", value, sizeof(value)) == 1 &&
		      strcmp(value, "16") == 0, "a fragment's value: the last setting wins");
		CHECK(kconfig_fragment_value("# CONFIG_NR_CPUS_X is not set\n",
					     "CONFIG_NR_CPUS", value, sizeof(value)) == 0 &&
		      value[0] == '\0', "a fragment's value: another option is not it");
		CHECK(kconfig_fragment_value("# CONFIG_SMP is not set\n", "CONFIG_SMP", value,
					     sizeof(value)) == 1 && value[0] == '\0',
		      "a fragment's value: unset is found, empty");
	}
	return check_summary();
}

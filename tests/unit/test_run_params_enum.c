// SPDX-License-Identifier: GPL-2.0
/* The "enum" parameter type: one of a listed set of strings. */
#include <jansson.h>

#include "check.h"
#include "run_params.h"

int main(void)
{
	json_t *schema = json_loads(
		"{\"proto\": {\"type\": \"enum\", \"values\": [\"tcp\", \"udp\"],"
		" \"default\": \"tcp\"}}", 0, NULL);
	char err[512];
	json_t *p;

	{
		char *argv[] = { NULL };

		p = params_from_args(schema, "rx-mixed", 0, argv, err, sizeof(err));
		CHECK(p && strcmp(json_string_value(json_object_get(p, "proto")),
				  "tcp") == 0, "the default fills an absent enum");
		json_decref(p);
	}
	{
		char *argv[] = { "proto=udp" };

		p = params_from_args(schema, "rx-mixed", 1, argv, err, sizeof(err));
		CHECK(p && json_is_string(json_object_get(p, "proto")) &&
		      strcmp(json_string_value(json_object_get(p, "proto")), "udp") == 0,
		      "a listed value is kept as a string");
		json_decref(p);
	}
	{
		char *argv[] = { "proto=sctp" };

		p = params_from_args(schema, "rx-mixed", 1, argv, err, sizeof(err));
		CHECK(!p && strstr(err, "proto=sctp") && strstr(err, "tcp udp"),
		      "an unlisted value is refused, naming the allowed ones");
	}
	{
		char *argv[] = { "proto=TCP" };

		p = params_from_args(schema, "rx-mixed", 1, argv, err, sizeof(err));
		CHECK(!p, "values are matched exactly (case counts)");
	}
	{
		char *argv[] = { "proto=" };

		p = params_from_args(schema, "rx-mixed", 1, argv, err, sizeof(err));
		CHECK(!p && strstr(err, "allowed"), "an empty value is refused");
	}
	json_decref(schema);
	return check_summary();
}

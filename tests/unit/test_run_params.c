// SPDX-License-Identifier: GPL-2.0
#include <jansson.h>

#include "check.h"
#include "run_params.h"

int main(void)
{
	json_t *schema = json_loads(
		"{\"tenants\": {\"type\": \"int\", \"default\": 4, \"min\": 1, \"max\": 64},"
		" \"duration_s\": {\"type\": \"real\", \"default\": 10, \"min\": 0.5}}",
		0, NULL);
	char err[512];
	json_t *p;

	{
		char *argv[] = { NULL };

		p = params_from_args(schema, "rx-mixed", 0, argv, err, sizeof(err));
		CHECK(p && json_integer_value(json_object_get(p, "tenants")) == 4,
		      "defaults fill absent parameters");
		json_decref(p);
	}
	{
		char *argv[] = { "tenants=16", "duration_s=2.5" };

		p = params_from_args(schema, "rx-mixed", 2, argv, err, sizeof(err));
		CHECK(p && json_integer_value(json_object_get(p, "tenants")) == 16 &&
		      json_real_value(json_object_get(p, "duration_s")) == 2.5,
		      "given values override defaults with their types");
		json_decref(p);
	}
	{
		char *argv[] = { "tenant=16" };

		p = params_from_args(schema, "rx-mixed", 1, argv, err, sizeof(err));
		CHECK(!p && strstr(err, "'tenant'") && strstr(err, "tenants"),
		      "an unknown parameter is named, with the known ones");
	}
	{
		char *argv[] = { "tenants=0" };

		p = params_from_args(schema, "rx-mixed", 1, argv, err, sizeof(err));
		CHECK(!p && strstr(err, "tenants=0") && strstr(err, "range"),
		      "tenants=0 is out of range");
	}
	{
		char *argv[] = { "duration_s=-1" };

		p = params_from_args(schema, "rx-mixed", 1, argv, err, sizeof(err));
		CHECK(!p && strstr(err, "duration_s=-1"), "a negative duration is refused");
	}
	{
		char *argv[] = { "tenants=2.5" };

		p = params_from_args(schema, "rx-mixed", 1, argv, err, sizeof(err));
		CHECK(!p && strstr(err, "integer"), "an int parameter refuses 2.5");
	}
	{
		char *argv[] = { "tenants=lots" };

		p = params_from_args(schema, "rx-mixed", 1, argv, err, sizeof(err));
		CHECK(!p && strstr(err, "not a number"), "text is not a number");
	}
	{
		char *argv[] = { "tenants" };

		p = params_from_args(schema, "rx-mixed", 1, argv, err, sizeof(err));
		CHECK(!p && strstr(err, "key=value"), "a bare word is not key=value");
	}
	json_decref(schema);
	return check_summary();
}

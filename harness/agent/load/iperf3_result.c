// SPDX-License-Identifier: GPL-2.0
#include <jansson.h>
#include <stdio.h>

#include "iperf3_result.h"

int iperf3_result_load(const char *path, struct iperf3_received *r, char *err,
		       size_t errlen)
{
	json_error_t jerr;
	json_t *doc = json_load_file(path, 0, &jerr);
	json_t *sum;
	const char *error;

	if (!doc) {
		snprintf(err, errlen, "iperf3 report %s: %s (line %d)", path,
			 jerr.text, jerr.line);
		return -1;
	}
	error = json_string_value(json_object_get(doc, "error"));
	sum = json_object_get(json_object_get(doc, "end"), "sum_received");
	if (error || !json_is_number(json_object_get(sum, "bits_per_second"))) {
		snprintf(err, errlen, "iperf3 report %s: %s", path,
			 error ? error : "no end.sum_received.bits_per_second");
		json_decref(doc);
		return -1;
	}
	r->bits_per_second = json_number_value(json_object_get(sum, "bits_per_second"));
	r->bytes = json_number_value(json_object_get(sum, "bytes"));
	r->seconds = json_number_value(json_object_get(sum, "seconds"));
	json_decref(doc);
	return 0;
}

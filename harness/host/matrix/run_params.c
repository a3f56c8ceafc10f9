// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run_params.h"

/* An "enum" parameter takes one of the strings listed in its "values". */
static int parse_enum(json_t *spec, const char *owner, const char *key,
		      const char *text, json_t **out, char *err, size_t errlen)
{
	json_t *values = json_object_get(spec, "values"), *v;
	size_t i, off;

	json_array_foreach(values, i, v) {
		if (json_is_string(v) && strcmp(json_string_value(v), text) == 0) {
			*out = json_string(text);
			return 0;
		}
	}
	off = (size_t)snprintf(err, errlen, "%s: %s=%s is not allowed (allowed:",
			       owner, key, text);
	json_array_foreach(values, i, v)
		if (off < errlen)
			off += (size_t)snprintf(err + off, errlen - off, " %s",
						json_string_value(v) ?: "?");
	if (off < errlen)
		snprintf(err + off, errlen - off, ")");
	return -1;
}

static int parse_value(json_t *spec, const char *owner, const char *key,
		       const char *text, json_t **out, char *err, size_t errlen)
{
	const char *type = json_string_value(json_object_get(spec, "type"));
	json_t *min = json_object_get(spec, "min"), *max = json_object_get(spec, "max");
	char *end;
	double v;

	if (type && strcmp(type, "string") == 0) {
		*out = json_string(text);
		return 0;
	}
	if (type && strcmp(type, "enum") == 0)
		return parse_enum(spec, owner, key, text, out, err, errlen);
	errno = 0;
	v = strtod(text, &end);
	if (errno || end == text || *end || !isfinite(v)) {
		snprintf(err, errlen, "%s: %s=%s is not a number", owner, key, text);
		return -1;
	}
	if (type && strcmp(type, "int") == 0 && v != floor(v)) {
		snprintf(err, errlen, "%s: %s=%s must be an integer", owner, key, text);
		return -1;
	}
	if ((json_is_number(min) && v < json_number_value(min)) ||
	    (json_is_number(max) && v > json_number_value(max))) {
		snprintf(err, errlen, "%s: %s=%s is out of range [%g, %g]", owner,
			 key, text, json_number_value(min), json_number_value(max));
		return -1;
	}
	*out = strcmp(type ? type : "real", "int") == 0 ?
		json_integer((json_int_t)v) : json_real(v);
	return 0;
}

json_t *params_from_args(json_t *schema, const char *owner, int argc,
			 char **argv, char *err, size_t errlen)
{
	json_t *params = json_object(), *spec;
	const char *key;

	json_object_foreach(schema, key, spec)
		json_object_set(params, key, json_object_get(spec, "default"));
	for (int i = 0; i < argc; i++) {
		char name[128];
		const char *eq = strchr(argv[i], '=');
		json_t *value;

		if (!eq || eq == argv[i] || (size_t)(eq - argv[i]) >= sizeof(name)) {
			snprintf(err, errlen, "'%s' is not key=value", argv[i]);
			goto fail;
		}
		memcpy(name, argv[i], (size_t)(eq - argv[i]));
		name[eq - argv[i]] = '\0';
		spec = json_object_get(schema, name);
		if (!spec) {
			size_t off = (size_t)snprintf(err, errlen,
				"%s has no parameter '%s' (known:", owner, name);

			json_object_foreach(schema, key, spec)
				if (off < errlen)
					off += (size_t)snprintf(err + off, errlen - off,
								" %s", key);
			if (off < errlen)
				snprintf(err + off, errlen - off, ")");
			goto fail;
		}
		if (parse_value(spec, owner, name, eq + 1, &value, err, errlen) < 0)
			goto fail;
		json_object_set_new(params, name, value);
	}
	return params;
fail:
	json_decref(params);
	return NULL;
}

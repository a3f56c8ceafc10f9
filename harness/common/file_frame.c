// SPDX-License-Identifier: GPL-2.0
#include "file_frame.h"

#include <stdio.h>
#include <string.h>

#define BEGIN_MARK "MMX-FILE v1 "

int file_frame_name_ok(const char *name)
{
	size_t len = strlen(name);

	if (len == 0 || len >= FILE_FRAME_NAME_MAX || name[0] == '.')
		return 0;
	return strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789._-") == len;
}

size_t file_frame_header(const char *name, const char *data, size_t len,
			 char *buf, size_t cap)
{
	return (size_t)snprintf(buf, cap, BEGIN_MARK "name=%s len=%zu crc32=%08x\n",
				name, len, frame_crc32(data, len));
}

enum frame_status file_frame_next(const char *data, size_t len, size_t *pos,
				  char name[FILE_FRAME_NAME_MAX],
				  const char **payload, size_t *payload_len)
{
	const char *begin = data + *pos, *end = data + len, *nl, *body;
	size_t tail = strlen(FILE_FRAME_END), hlen;
	unsigned long long plen;
	unsigned int crc;
	char head[160];

	if (*pos >= len)
		return FRAME_MISSING;
	if ((size_t)(end - begin) < strlen(BEGIN_MARK))
		return FRAME_TRUNCATED;
	if (memcmp(begin, BEGIN_MARK, strlen(BEGIN_MARK)) != 0)
		return FRAME_CORRUPT;
	nl = memchr(begin, '\n', (size_t)(end - begin));
	if (!nl)
		return FRAME_TRUNCATED;
	hlen = (size_t)(nl - begin);
	if (hlen >= sizeof(head))
		return FRAME_CORRUPT;
	memcpy(head, begin, hlen);
	head[hlen] = '\0';
	if (sscanf(head, BEGIN_MARK "name=%63s len=%llu crc32=%8x", name, &plen,
		   &crc) != 3 || !file_frame_name_ok(name))
		return FRAME_CORRUPT;
	body = nl + 1;
	if ((unsigned long long)(end - body) < plen + tail)
		return FRAME_TRUNCATED;
	if (memcmp(body + plen, FILE_FRAME_END, tail) != 0 ||
	    frame_crc32(body, (size_t)plen) != crc)
		return FRAME_CORRUPT;
	*payload = body;
	*payload_len = (size_t)plen;
	*pos = (size_t)(body + plen + tail - data);
	return FRAME_OK;
}

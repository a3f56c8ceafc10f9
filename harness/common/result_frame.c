// SPDX-License-Identifier: GPL-2.0
#include "result_frame.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define BEGIN_MARK "MMX-RESULT-BEGIN v1 "
#define END_MARK "MMX-RESULT-END\n"

uint32_t frame_crc32(const char *data, size_t len)
{
	return (uint32_t)crc32(crc32(0L, Z_NULL, 0), (const Bytef *)data,
			       (uInt)len);
}

size_t frame_encode(const char *payload, size_t len, char *buf, size_t cap)
{
	char head[96];
	int hlen = snprintf(head, sizeof(head), BEGIN_MARK "len=%zu crc32=%08x\n",
			    len, frame_crc32(payload, len));
	size_t need = (size_t)hlen + len + 1 + strlen(END_MARK);

	if (need + 1 > cap)
		return need;
	memcpy(buf, head, (size_t)hlen);
	memcpy(buf + hlen, payload, len);
	buf[hlen + len] = '\n';
	memcpy(buf + hlen + len + 1, END_MARK, strlen(END_MARK) + 1);
	return need;
}

static const char *find_last(const char *data, size_t len, const char *needle)
{
	size_t nlen = strlen(needle);
	const char *last = NULL;

	if (len < nlen)
		return NULL;
	for (size_t i = 0; i + nlen <= len; i++)
		if (data[i] == needle[0] && memcmp(data + i, needle, nlen) == 0)
			last = data + i;
	return last;
}

enum frame_status frame_decode(const char *data, size_t len,
			       const char **payload, size_t *payload_len)
{
	const char *begin = find_last(data, len, BEGIN_MARK);
	const char *end = data + len;
	const char *nl, *body;
	unsigned long long plen;
	unsigned int crc;
	char head[96];
	size_t hlen;

	if (!begin)
		return FRAME_MISSING;
	nl = memchr(begin, '\n', (size_t)(end - begin));
	if (!nl)
		return FRAME_TRUNCATED;
	hlen = (size_t)(nl - begin);
	if (hlen >= sizeof(head))
		return FRAME_CORRUPT;
	memcpy(head, begin, hlen);
	head[hlen] = '\0';
	if (sscanf(head, BEGIN_MARK "len=%llu crc32=%8x", &plen, &crc) != 2)
		return FRAME_CORRUPT;
	body = nl + 1;
	if ((unsigned long long)(end - body) < plen + 1 + strlen(END_MARK))
		return FRAME_TRUNCATED;
	if (body[plen] != '\n' ||
	    memcmp(body + plen + 1, END_MARK, strlen(END_MARK)) != 0)
		return FRAME_CORRUPT;
	if (frame_crc32(body, (size_t)plen) != crc)
		return FRAME_CORRUPT;
	*payload = body;
	*payload_len = (size_t)plen;
	return FRAME_OK;
}

const char *frame_status_name(enum frame_status st)
{
	switch (st) {
	case FRAME_OK:
		return "ok";
	case FRAME_MISSING:
		return "missing";
	case FRAME_TRUNCATED:
		return "truncated";
	case FRAME_CORRUPT:
		return "corrupt";
	}
	return "unknown";
}

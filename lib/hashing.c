// SPDX-License-Identifier: GPL-2.0
#include <openssl/evp.h>
#include <stdio.h>
#include <string.h>

#include "hashing.h"

struct hasher {
	EVP_MD_CTX *ctx;
};

struct hasher *hasher_new(void)
{
	static struct hasher h;

	h.ctx = EVP_MD_CTX_new();
	EVP_DigestInit_ex(h.ctx, EVP_sha256(), NULL);
	return &h;
}

void hasher_add(struct hasher *h, const void *data, size_t len)
{
	EVP_DigestUpdate(h->ctx, data, len);
}

void hasher_add_str(struct hasher *h, const char *s)
{
	/* length-prefixed so ("ab","c") and ("a","bc") differ */
	size_t len = strlen(s);

	hasher_add(h, &len, sizeof(len));
	hasher_add(h, s, len);
}

int hasher_add_file(struct hasher *h, const char *path)
{
	unsigned char buf[65536];
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f)
		return -1;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		hasher_add(h, buf, n);
	fclose(f);
	return 0;
}

void hasher_finish(struct hasher *h, char hex[65])
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int len = 0;

	EVP_DigestFinal_ex(h->ctx, md, &len);
	EVP_MD_CTX_free(h->ctx);
	h->ctx = NULL;
	for (unsigned int i = 0; i < len && i < 32; i++)
		sprintf(hex + 2 * i, "%02x", md[i]);
	hex[64] = '\0';
}

int sha256_file(const char *path, char hex[65])
{
	struct hasher *h = hasher_new();

	if (hasher_add_file(h, path) < 0) {
		hasher_finish(h, hex);
		return -1;
	}
	hasher_finish(h, hex);
	return 0;
}

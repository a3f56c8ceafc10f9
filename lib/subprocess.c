// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "subprocess.h"

extern char **environ;

pid_t spawn_logged(char *const argv[], const char *log_path)
{
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int rc;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
	if (log_path) {
		posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, log_path,
						 O_WRONLY | O_CREAT | O_APPEND, 0644);
		posix_spawn_file_actions_adddup2(&fa, STDOUT_FILENO, STDERR_FILENO);
	}
	rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc != 0) {
		errno = rc;
		return -1;
	}
	return pid;
}

int wait_status(pid_t pid)
{
	int st;

	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	if (WIFSIGNALED(st))
		return 128 + WTERMSIG(st);
	return -1;
}

int run_logged(char *const argv[], const char *log_path)
{
	pid_t pid = spawn_logged(argv, log_path);

	return pid < 0 ? -1 : wait_status(pid);
}

int run_capture(char *const argv[], char *out, size_t cap)
{
	posix_spawn_file_actions_t fa;
	int pfd[2], rc;
	size_t off = 0;
	ssize_t n;
	pid_t pid;

	if (pipe(pfd) < 0)
		return -1;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, pfd[1], STDOUT_FILENO);
	posix_spawn_file_actions_adddup2(&fa, pfd[1], STDERR_FILENO);
	posix_spawn_file_actions_addclose(&fa, pfd[0]);
	rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(pfd[1]);
	if (rc != 0) {
		close(pfd[0]);
		errno = rc;
		return -1;
	}
	while (off + 1 < cap && (n = read(pfd[0], out + off, cap - 1 - off)) > 0)
		off += (size_t)n;
	/* drain the rest so the child never blocks on a full pipe */
	for (;;) {
		char sink[4096];

		if (read(pfd[0], sink, sizeof(sink)) <= 0)
			break;
	}
	close(pfd[0]);
	out[off] = '\0';
	while (off > 0 && out[off - 1] == '\n')
		out[--off] = '\0';
	return wait_status(pid);
}

/* SPDX-License-Identifier: MIT */
/* The sorted directory walk (walk.h). */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/walk.h"

/* What an entry turned out to be, once looked at. */
enum entry_type {
	ENTRY_FILE,
	ENTRY_DIR,
	ENTRY_SPECIAL,
	ENTRY_SKIP,  /* a symbolic link, not followed */
	ENTRY_ERROR, /* could not be looked up: err */
};

struct entry {
	char *name;
	enum entry_type type;
	int err;
};

struct dir_id {
	dev_t dev;
	ino_t ino;
};

struct walk {
	bool follow;
	io_walk_fn *fn;
	void *ctx;
	char *path; /* the current directory's path, then the entry's */
	size_t cap;
	struct dir_id *ids; /* the directories being walked, outermost first */
	size_t depth, ids_cap;
};

static int tell(struct walk *w, enum io_walk_kind kind, int err)
{
	const struct io_walk_entry e = {.path = w->path, .kind = kind, .err = err};
	return w->fn(w->ctx, &e);
}

/* Bytewise, a directory's name compared as NAME/: the order of the paths
 * below it among its siblings' paths. */
static int entry_cmp(const void *pa, const void *pb)
{
	const struct entry *a = pa, *b = pb;
	const unsigned char *x = (const unsigned char *)a->name;
	const unsigned char *y = (const unsigned char *)b->name;

	while (*x && *x == *y)
		x++, y++;
	const int cx = *x ? *x : a->type == ENTRY_DIR ? '/' : 0;
	const int cy = *y ? *y : b->type == ENTRY_DIR ? '/' : 0;
	return cx - cy;
}

static enum entry_type type_of_mode(mode_t mode)
{
	if (S_ISREG(mode))
		return ENTRY_FILE;
	if (S_ISDIR(mode))
		return ENTRY_DIR;
	if (S_ISLNK(mode))
		return ENTRY_SKIP;
	return ENTRY_SPECIAL;
}

/* d_type when it settles the question, else a stat relative to the open
 * directory (which follows a link only when asked to). */
static void classify(const struct walk *w, int dfd, const struct dirent *d, struct entry *e)
{
	struct stat st;

	e->err = 0;
#ifdef DT_UNKNOWN
	switch (d->d_type) {
	case DT_REG:
		e->type = ENTRY_FILE;
		return;
	case DT_DIR:
		e->type = ENTRY_DIR;
		return;
	case DT_FIFO:
	case DT_SOCK:
	case DT_CHR:
	case DT_BLK:
		e->type = ENTRY_SPECIAL;
		return;
	case DT_LNK:
		if (!w->follow) {
			e->type = ENTRY_SKIP;
			return;
		}
		break;
	default:
		break;
	}
#endif
	if (fstatat(dfd, d->d_name, &st, w->follow ? 0 : AT_SYMLINK_NOFOLLOW) == 0) {
		e->type = type_of_mode(st.st_mode);
		return;
	}
	e->type = ENTRY_ERROR;
	e->err = errno;
}

static void free_entries(struct entry *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i].name);
	free(v);
}

/* The entries of the open directory d, sorted; NULL with *err set (an
 * errno value of readdir, or ENOMEM). */
static struct entry *read_entries(const struct walk *w, DIR *d, size_t *count, int *err)
{
	struct entry *v = NULL;
	size_t n = 0, cap = 0;
	struct dirent *de;

	*err = 0;
	for (;;) {
		errno = 0;
		if (!(de = readdir(d))) {
			*err = errno;
			break;
		}
		if (de->d_name[0] == '.' &&
		    (de->d_name[1] == '\0' || (de->d_name[1] == '.' && de->d_name[2] == '\0')))
			continue;
		if (n == cap) {
			const size_t ncap = cap ? 2 * cap : 64;
			struct entry *nv = realloc(v, ncap * sizeof *v);
			if (!nv) {
				*err = ENOMEM;
				break;
			}
			v = nv;
			cap = ncap;
		}
		if (!(v[n].name = strdup(de->d_name))) {
			*err = ENOMEM;
			break;
		}
		classify(w, dirfd(d), de, &v[n]);
		n++;
	}
	if (*err) {
		free_entries(v, n);
		return NULL;
	}
	if (n)
		qsort(v, n, sizeof *v, entry_cmp);
	*count = n;
	return v;
}

/* Makes room for a path of len bytes and its NUL. */
static int path_room(struct walk *w, size_t len)
{
	if (len + 1 <= w->cap)
		return 0;
	size_t ncap = w->cap ? w->cap : 256;
	while (ncap < len + 1)
		ncap *= 2;
	char *p = realloc(w->path, ncap);
	if (!p)
		return ENOMEM;
	w->path = p;
	w->cap = ncap;
	return 0;
}

/* Records the directory open on fd as being walked; ELOOP if it is one of
 * its own ancestors (only possible when links are followed). */
static int enter(struct walk *w, int fd)
{
	struct stat st;

	if (fstat(fd, &st) != 0)
		return errno;
	for (size_t i = 0; i < w->depth; i++)
		if (w->ids[i].dev == st.st_dev && w->ids[i].ino == st.st_ino)
			return ELOOP;
	if (w->depth == w->ids_cap) {
		const size_t ncap = w->ids_cap ? 2 * w->ids_cap : 16;
		struct dir_id *ids = realloc(w->ids, ncap * sizeof *ids);
		if (!ids)
			return ENOMEM;
		w->ids = ids;
		w->ids_cap = ncap;
	}
	w->ids[w->depth].dev = st.st_dev;
	w->ids[w->depth].ino = st.st_ino;
	w->depth++;
	return 0;
}

static int walk_entries(struct walk *w, size_t len, struct entry *v, size_t n);

/* Walks the directory whose path is w->path[0..len).  The directory is
 * read whole and closed before anything below it is walked. */
static int walk_dir(struct walk *w, size_t len)
{
	w->path[len] = '\0';
	const int fd = open(w->path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return tell(w, IO_WALK_ERROR, errno);
	int err = enter(w, fd);
	if (err) {
		close(fd);
		return err == ENOMEM ? ENOMEM : tell(w, IO_WALK_ERROR, err);
	}
	DIR *d = fdopendir(fd);
	if (!d) {
		err = errno;
		close(fd);
		w->depth--;
		return err == ENOMEM ? ENOMEM : tell(w, IO_WALK_ERROR, err);
	}
	size_t n = 0;
	struct entry *v = read_entries(w, d, &n, &err);
	closedir(d);
	int r = 0;
	if (v) {
		r = walk_entries(w, len, v, n);
		free_entries(v, n);
	} else if (err) {
		r = err == ENOMEM ? ENOMEM : tell(w, IO_WALK_ERROR, err);
	} /* else an empty directory */
	w->depth--;
	return r;
}

static int walk_entries(struct walk *w, size_t len, struct entry *v, size_t n)
{
	/* "DIR/" as given gets no second slash, as find writes it. */
	const size_t base = len && w->path[len - 1] == '/' ? len : len + 1;

	for (size_t i = 0; i < n; i++) {
		const size_t nlen = strlen(v[i].name);
		int r = path_room(w, base + nlen);
		if (r)
			return r;
		w->path[len] = '/';
		memcpy(w->path + base, v[i].name, nlen + 1);
		switch (v[i].type) {
		case ENTRY_FILE:
			r = tell(w, IO_WALK_FILE, 0);
			break;
		case ENTRY_SPECIAL:
			r = tell(w, IO_WALK_SPECIAL, 0);
			break;
		case ENTRY_ERROR:
			r = tell(w, IO_WALK_ERROR, v[i].err);
			break;
		case ENTRY_DIR:
			r = walk_dir(w, base + nlen);
			break;
		case ENTRY_SKIP:
			break;
		}
		if (r)
			return r;
	}
	return 0;
}

int io_walk(const char *dir, bool follow, io_walk_fn *fn, void *ctx)
{
	struct walk w = {.follow = follow, .fn = fn, .ctx = ctx};
	const size_t len = strlen(dir);
	int r = path_room(&w, len);

	if (r == 0) {
		memcpy(w.path, dir, len + 1);
		r = walk_dir(&w, len);
	}
	free(w.path);
	free(w.ids);
	return r;
}

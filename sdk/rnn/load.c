/* Reading rnndb XML into the model with libxml2.
 *
 * The element grammar follows the rules-ng format of Mesa and envytools:
 *   database  := (import | domain | group | enum | bitset | other)*
 *   domain    := (regN | array | stripe | use-group | top)*      also group
 *   array     := same children as domain                         also stripe
 *   regN      := (bitfield | value | top)*                       N = 8..64
 *   enum      := (value | top)*
 *   bitset    := (bitfield | top)*
 * where top (enum, bitset, domain, group, import) may appear anywhere and
 * means the same as at the top of the file. Elements and attributes this
 * loader does not use (doc, brief, copyright, usage, access, ...) are
 * skipped; a missing required attribute, a bad number or a dangling
 * import is an error at file:line.
 */
#include "rnn/model.h"

#include <libxml/parser.h>
#include <libxml/tree.h>

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Imports deeper than this are a loop that the already-read check missed
 * (two spellings of one path), or a tree nobody should write. */
#define RNN_MAX_IMPORT_DEPTH 64

struct loader {
	struct rnn_db *db;
	struct diag *d;
	const char *file; /* arena copy of the file being read */
	unsigned depth;
	bool failed;
};

static bool load_file(struct loader *l, const char *path, const char *display);

static struct rnn_arena *arena(struct loader *l)
{
	return &l->db->arena;
}

static unsigned line_of(xmlNode *node)
{
	long line = xmlGetLineNo(node);
	return line > 0 && line <= (long)UINT_MAX ? (unsigned)line : 0;
}

static struct rnn_src src_of(struct loader *l, xmlNode *node)
{
	return (struct rnn_src){l->file, line_of(node)};
}

static void error_at(struct loader *l, xmlNode *node, const char *fmt, ...) UTIL_PRINTF(3, 4);
static void error_at(struct loader *l, xmlNode *node, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vadd(l->d, DIAG_ERROR, diag_at(l->file, line_of(node), 0), NULL, fmt, ap);
	va_end(ap);
	l->failed = true;
}

static bool is(xmlNode *node, const char *name)
{
	return node->type == XML_ELEMENT_NODE && !strcmp((const char *)node->name, name);
}

static const char *attr_text(xmlAttr *attr)
{
	for (xmlNode *c = attr->children; c; c = c->next)
		if (c->type == XML_TEXT_NODE && c->content)
			return (const char *)c->content;
	return "";
}

static const char *attr_name(xmlAttr *attr)
{
	return (const char *)attr->name;
}

bool rnn_parse_number(const char *text, uint64_t *value)
{
	if (strchr(text, 'x') || strchr(text, 'X')) {
		if (text[0] != '0' || (text[1] != 'x' && text[1] != 'X'))
			return false;
		return util_parse_u64(text, value);
	}
	if (!*text)
		return false;
	uint64_t v = 0;
	for (const char *p = text; *p; p++) {
		if (*p < '0' || *p > '9')
			return false;
		unsigned digit = (unsigned)(*p - '0');
		if (v > (UINT64_MAX - digit) / 10)
			return false;
		v = v * 10 + digit;
	}
	*value = v;
	return true;
}

static bool number_attr(struct loader *l, xmlNode *node, xmlAttr *attr, uint64_t *value)
{
	if (rnn_parse_number(attr_text(attr), value))
		return true;
	error_at(l, node, "invalid number '%s' in attribute %s of <%s>", attr_text(attr),
		 attr_name(attr), (const char *)node->name);
	return false;
}

static const char *copy_attr(struct loader *l, xmlAttr *attr)
{
	return rnn_arena_strdup(arena(l), attr_text(attr));
}

/* Reads the attributes every node with variants can have; true if attr
 * was one of them. */
static bool vattr(struct loader *l, xmlAttr *attr, struct rnn_vattr *va)
{
	const char *name = attr_name(attr);
	if (!strcmp(name, "varset"))
		va->varset = copy_attr(l, attr);
	else if (!strcmp(name, "variants"))
		va->variants = copy_attr(l, attr);
	else if (!strcmp(name, "prefix"))
		va->prefix = copy_attr(l, attr);
	else
		return false;
	return true;
}

static bool top(struct loader *l, xmlNode *node);

static struct rnn_value *parse_value(struct loader *l, xmlNode *node)
{
	struct rnn_value *v = RNN_NEW(arena(l), struct rnn_value);
	v->src = src_of(l, node);
	for (xmlAttr *a = node->properties; a; a = a->next) {
		if (!strcmp(attr_name(a), "name"))
			v->name = copy_attr(l, a);
		else if (!strcmp(attr_name(a), "value"))
			v->has_value = number_attr(l, node, a, &v->value);
		else
			vattr(l, a, &v->va);
	}
	for (xmlNode *c = node->children; c; c = c->next)
		top(l, c);
	if (!v->name) {
		error_at(l, node, "<value> without a name");
		return NULL;
	}
	return v;
}

static struct rnn_field *parse_field(struct loader *l, xmlNode *node)
{
	struct rnn_field *f = RNN_NEW(arena(l), struct rnn_field);
	f->src = src_of(l, node);
	bool low = false, high = false;
	uint64_t n;
	for (xmlAttr *a = node->properties; a; a = a->next) {
		const char *name = attr_name(a);
		if (!strcmp(name, "name")) {
			f->name = copy_attr(l, a);
		} else if (!strcmp(name, "type")) {
			f->type = copy_attr(l, a);
		} else if (!strcmp(name, "low") || !strcmp(name, "high") || !strcmp(name, "pos")) {
			if (!number_attr(l, node, a, &n))
				return NULL;
			if (n > 63) {
				error_at(l, node, "bit %llu of <bitfield> is past bit 63",
					 (unsigned long long)n);
				return NULL;
			}
			if (name[0] != 'h') {
				f->low = (unsigned)n;
				low = true;
			}
			if (name[0] != 'l') {
				f->high = (unsigned)n;
				high = true;
			}
		} else {
			vattr(l, a, &f->va);
		}
	}
	for (xmlNode *c = node->children; c; c = c->next)
		top(l, c);
	if (!f->name) {
		error_at(l, node, "<bitfield> without a name");
		return NULL;
	}
	if (!low || !high || f->high < f->low) {
		error_at(l, node, "bitfield %s needs pos, or low and high with low <= high",
			 f->name);
		return NULL;
	}
	return f;
}

static void add_child(struct rnn_node *parent, struct rnn_node *child)
{
	if (parent->last_child)
		parent->last_child->next = child;
	else
		parent->children = child;
	parent->last_child = child;
}

static void add_field(struct rnn_field **first, struct rnn_field **last, struct rnn_field *f)
{
	if (*last)
		(*last)->next = f;
	else
		*first = f;
	*last = f;
}

static void add_value(struct rnn_value **first, struct rnn_value **last, struct rnn_value *v)
{
	if (*last)
		(*last)->next = v;
	else
		*first = v;
	*last = v;
}

static void parse_children(struct loader *l, struct rnn_node *parent, xmlNode *node);

/* reg8, reg16, reg32, reg64 */
static struct rnn_node *parse_reg(struct loader *l, xmlNode *node, unsigned width)
{
	struct rnn_node *r = RNN_NEW(arena(l), struct rnn_node);
	r->kind = RNN_NODE_REG;
	r->width = width;
	r->length = 1;
	r->src = src_of(l, node);
	bool has_offset = false;
	for (xmlAttr *a = node->properties; a; a = a->next) {
		const char *name = attr_name(a);
		if (!strcmp(name, "name"))
			r->name = copy_attr(l, a);
		else if (!strcmp(name, "offset"))
			has_offset = number_attr(l, node, a, &r->offset);
		else if (!strcmp(name, "length"))
			number_attr(l, node, a, &r->length);
		else if (!strcmp(name, "stride"))
			number_attr(l, node, a, &r->stride);
		else if (!strcmp(name, "type"))
			r->type = copy_attr(l, a);
		else
			vattr(l, a, &r->va);
	}
	for (xmlNode *c = node->children; c; c = c->next) {
		if (is(c, "bitfield")) {
			struct rnn_field *f = parse_field(l, c);
			if (f)
				add_field(&r->fields, &r->last_field, f);
		} else if (is(c, "value")) {
			struct rnn_value *v = parse_value(l, c);
			if (v)
				add_value(&r->values, &r->last_value, v);
		} else {
			top(l, c);
		}
	}
	if (!r->name) {
		error_at(l, node, "<%s> without a name", (const char *)node->name);
		return NULL;
	}
	if (!has_offset) {
		error_at(l, node, "register %s has no offset", r->name);
		return NULL;
	}
	return r;
}

/* array, stripe */
static struct rnn_node *parse_array(struct loader *l, xmlNode *node, enum rnn_node_kind kind)
{
	struct rnn_node *r = RNN_NEW(arena(l), struct rnn_node);
	r->kind = kind;
	r->length = 1;
	r->src = src_of(l, node);
	for (xmlAttr *a = node->properties; a; a = a->next) {
		const char *name = attr_name(a);
		if (!strcmp(name, "name"))
			r->name = copy_attr(l, a);
		else if (!strcmp(name, "offset"))
			number_attr(l, node, a, &r->offset);
		else if (!strcmp(name, "length"))
			number_attr(l, node, a, &r->length);
		else if (!strcmp(name, "stride"))
			number_attr(l, node, a, &r->stride);
		else
			vattr(l, a, &r->va);
	}
	if (r->length != 1 && !r->stride) {
		error_at(l, node, "<%s>%s%s has a length but no stride", (const char *)node->name,
			 r->name ? " " : "", r->name ? r->name : "");
		return NULL;
	}
	parse_children(l, r, node);
	return r;
}

static struct rnn_node *parse_use_group(struct loader *l, xmlNode *node)
{
	struct rnn_node *r = RNN_NEW(arena(l), struct rnn_node);
	r->kind = RNN_NODE_USE_GROUP;
	r->length = 1;
	r->src = src_of(l, node);
	for (xmlAttr *a = node->properties; a; a = a->next)
		if (!strcmp(attr_name(a), "name"))
			r->name = copy_attr(l, a);
	if (!r->name) {
		error_at(l, node, "<use-group> without a name");
		return NULL;
	}
	return r;
}

static unsigned reg_width(xmlNode *node)
{
	static const struct {
		const char *tag;
		unsigned width;
	} regs[] = {{"reg8", 8}, {"reg16", 16}, {"reg32", 32}, {"reg64", 64}};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(regs); i++)
		if (is(node, regs[i].tag))
			return regs[i].width;
	return 0;
}

static void parse_children(struct loader *l, struct rnn_node *parent, xmlNode *node)
{
	for (xmlNode *c = node->children; c && !diag_full(l->d); c = c->next) {
		struct rnn_node *child = NULL;
		unsigned width = reg_width(c);
		if (width)
			child = parse_reg(l, c, width);
		else if (is(c, "array"))
			child = parse_array(l, c, RNN_NODE_ARRAY);
		else if (is(c, "stripe"))
			child = parse_array(l, c, RNN_NODE_STRIPE);
		else if (is(c, "use-group"))
			child = parse_use_group(l, c);
		else
			top(l, c);
		if (child)
			add_child(parent, child);
	}
}

static const char *required_name(struct loader *l, xmlNode *node)
{
	for (xmlAttr *a = node->properties; a; a = a->next)
		if (!strcmp(attr_name(a), "name"))
			return attr_text(a);
	error_at(l, node, "<%s> without a name", (const char *)node->name);
	return NULL;
}

/* Finds or makes a container in list; same-named ones merge, as in rnndb. */
static struct rnn_node *container(struct loader *l, struct rnn_node **list, xmlNode *node,
				  enum rnn_node_kind kind, const char *name)
{
	struct rnn_node **tail = list;
	for (; *tail; tail = &(*tail)->next)
		if (!strcmp((*tail)->name, name))
			return *tail;
	struct rnn_node *n = RNN_NEW(arena(l), struct rnn_node);
	n->kind = kind;
	n->name = rnn_arena_strdup(arena(l), name);
	n->length = 1;
	n->width = 8;
	n->src = src_of(l, node);
	*tail = n;
	return n;
}

static void parse_domain(struct loader *l, xmlNode *node, enum rnn_node_kind kind)
{
	const char *name = required_name(l, node);
	if (!name)
		return;
	struct rnn_model *m = &l->db->model;
	struct rnn_node **list = kind == RNN_NODE_DOMAIN ? &m->domains : &m->groups;
	struct rnn_node *dom = container(l, list, node, kind, name);
	for (xmlAttr *a = node->properties; a; a = a->next) {
		uint64_t width;
		if (!strcmp(attr_name(a), "width")) {
			if (number_attr(l, node, a, &width)) {
				if (width != 8 && width != 16 && width != 32 && width != 64)
					error_at(l, node,
						 "domain %s: width must be 8, 16, 32 or 64", name);
				else
					dom->width = (unsigned)width;
			}
		} else {
			vattr(l, a, &dom->va);
		}
	}
	parse_children(l, dom, node);
}

static void parse_enum(struct loader *l, xmlNode *node)
{
	const char *name = required_name(l, node);
	if (!name)
		return;
	struct rnn_enum **tail = &l->db->model.enums;
	while (*tail && strcmp((*tail)->name, name))
		tail = &(*tail)->next;
	if (!*tail) {
		*tail = RNN_NEW(arena(l), struct rnn_enum);
		(*tail)->name = rnn_arena_strdup(arena(l), name);
		(*tail)->src = src_of(l, node);
	}
	struct rnn_enum *e = *tail;
	for (xmlAttr *a = node->properties; a; a = a->next)
		vattr(l, a, &e->va);
	for (xmlNode *c = node->children; c; c = c->next) {
		if (is(c, "value")) {
			struct rnn_value *v = parse_value(l, c);
			if (v) {
				add_value(&e->values, &e->last_value, v);
				e->count++;
			}
		} else {
			top(l, c);
		}
	}
}

static void parse_bitset(struct loader *l, xmlNode *node)
{
	const char *name = required_name(l, node);
	if (!name)
		return;
	struct rnn_bitset **tail = &l->db->model.bitsets;
	while (*tail && strcmp((*tail)->name, name))
		tail = &(*tail)->next;
	if (!*tail) {
		*tail = RNN_NEW(arena(l), struct rnn_bitset);
		(*tail)->name = rnn_arena_strdup(arena(l), name);
		(*tail)->src = src_of(l, node);
	}
	struct rnn_bitset *b = *tail;
	for (xmlAttr *a = node->properties; a; a = a->next)
		vattr(l, a, &b->va);
	for (xmlNode *c = node->children; c; c = c->next) {
		if (is(c, "bitfield")) {
			struct rnn_field *f = parse_field(l, c);
			if (f)
				add_field(&b->fields, &b->last_field, f);
		} else {
			top(l, c);
		}
	}
}

static bool readable(const char *path)
{
	return access(path, R_OK) == 0;
}

/* Imports name files relative to the database root (what Mesa and
 * envytools do); a path relative to the importing file works too. */
static void parse_import(struct loader *l, xmlNode *node)
{
	const char *file = NULL;
	for (xmlAttr *a = node->properties; a; a = a->next)
		if (!strcmp(attr_name(a), "file"))
			file = attr_text(a);
	if (!file) {
		error_at(l, node, "<import> without a file attribute");
		return;
	}
	char *path = NULL;
	if (file[0] == '/') {
		path = util_xstrdup(file);
	} else {
		path = util_xasprintf("%s/%s", l->db->root, file);
		if (!readable(path)) {
			const char *slash = strrchr(l->file, '/');
			char *other = slash ? util_xasprintf("%.*s/%s", (int)(slash - l->file),
							     l->file, file)
					    : util_xstrdup(file);
			if (readable(other)) {
				free(path);
				path = other;
			} else {
				free(other);
			}
		}
	}
	if (!readable(path)) {
		error_at(l, node, "cannot find imported file '%s' (%s)", file, strerror(errno));
	} else if (l->depth >= RNN_MAX_IMPORT_DEPTH) {
		error_at(l, node, "imports nested more than %d deep", RNN_MAX_IMPORT_DEPTH);
	} else {
		const char *outer = l->file;
		l->depth++;
		if (!load_file(l, path, path))
			l->failed = true;
		l->depth--;
		l->file = outer;
	}
	free(path);
}

static bool top(struct loader *l, xmlNode *node)
{
	if (diag_full(l->d))
		return true;
	if (is(node, "domain"))
		parse_domain(l, node, RNN_NODE_DOMAIN);
	else if (is(node, "group"))
		parse_domain(l, node, RNN_NODE_GROUP);
	else if (is(node, "enum"))
		parse_enum(l, node);
	else if (is(node, "bitset"))
		parse_bitset(l, node);
	else if (is(node, "import"))
		parse_import(l, node);
	else
		return false;
	return true;
}

/* libxml2 reports through the parser context's SAX handler, so nothing
 * global is touched and two databases can load at once. */
static void on_xml_error(void *data, xmlErrorPtr err)
{
	xmlParserCtxtPtr ctxt = data;
	struct loader *l = ctxt->_private;
	char *msg = util_xstrdup(err->message ? err->message : "malformed XML");
	size_t len = strlen(msg);
	while (len && (msg[len - 1] == '\n' || msg[len - 1] == ' '))
		msg[--len] = '\0';
	enum diag_level level = err->level == XML_ERR_WARNING ? DIAG_WARNING : DIAG_ERROR;
	unsigned line = err->line > 0 ? (unsigned)err->line : 0;
	unsigned col = err->int2 > 0 && line ? (unsigned)err->int2 : 0;
	diag_add(l->d, level, diag_at(l->file, line, col), NULL, "%s", msg);
	if (level == DIAG_ERROR)
		l->failed = true;
	free(msg);
}

static struct rnn_file *find_file(struct rnn_model *m, const struct stat *st)
{
	for (struct rnn_file *f = m->files; f; f = f->next)
		if (f->dev == (uint64_t)st->st_dev && f->ino == (uint64_t)st->st_ino)
			return f;
	return NULL;
}

static bool load_file(struct loader *l, const char *path, const char *display)
{
	struct stat st;
	if (stat(path, &st)) {
		diag_error(l->d, diag_at(display, 0, 0), "cannot read: %s", strerror(errno));
		return false;
	}
	struct rnn_model *m = &l->db->model;
	struct rnn_file *seen = find_file(m, &st);
	if (seen) {
		if (!seen->ok)
			diag_error(l->d, diag_at(display, 0, 0), "has errors (reported before)");
		return seen->ok;
	}
	struct rnn_file *f = RNN_NEW(arena(l), struct rnn_file);
	f->dev = (uint64_t)st.st_dev;
	f->ino = (uint64_t)st.st_ino;
	f->ok = true; /* a file importing itself is not an error */
	f->next = m->files;
	m->files = f;

	l->file = rnn_arena_strdup(arena(l), display);
	uint8_t *text;
	size_t len;
	int err = util_read_file_max(path, RNN_MAX_FILE_BYTES, &text, &len);
	if (err == EFBIG) {
		diag_error(l->d, diag_at(l->file, 0, 0),
			   "larger than %u bytes, more than any register database file",
			   (unsigned)RNN_MAX_FILE_BYTES);
		f->ok = false;
		return false;
	}
	if (err) {
		diag_error(l->d, diag_at(l->file, 0, 0), "cannot read: %s", strerror(err));
		f->ok = false;
		return false;
	}
	/* said plainly, not as libxml's "Document is empty" */
	const char *not_xml = len > INT_MAX ? "file too large"
			      : !len        ? "empty: expected an XML register database"
			      : memchr(text, 0, len)
				      ? "a binary file (a NUL byte), not an XML register database"
				      : NULL;
	if (not_xml) {
		diag_error(l->d, diag_at(l->file, 0, 0), "%s", not_xml);
		free(text);
		f->ok = false;
		return false;
	}

	bool failed_before = l->failed;
	l->failed = false;
	xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
	if (!ctxt) {
		free(text);
		diag_error(l->d, diag_at(l->file, 0, 0), "cannot create an XML parser");
		f->ok = false;
		return false;
	}
	ctxt->_private = l;
	ctxt->sax->serror = on_xml_error;
	ctxt->sax->warning = NULL;
	ctxt->sax->error = NULL;
	xmlDocPtr doc = xmlCtxtReadMemory(ctxt, (const char *)text, (int)len, display, NULL,
					  XML_PARSE_NONET | XML_PARSE_BIG_LINES);
	free(text);
	if (doc && !l->failed) {
		xmlNode *root = xmlDocGetRootElement(doc);
		if (!root || !is(root, "database")) {
			error_at(l, root ? root : (xmlNode *)doc,
				 "expected <database> as the root element, found <%s>",
				 root ? (const char *)root->name : "");
		} else {
			for (xmlNode *c = root->children; c && !diag_full(l->d); c = c->next)
				top(l, c);
		}
	} else if (!doc && !l->failed) {
		diag_error(l->d, diag_at(l->file, 0, 0), "not an XML file");
		l->failed = true;
	}
	xmlFreeDoc(doc);
	xmlFreeParserCtxt(ctxt);
	f->ok = !l->failed;
	l->failed = l->failed || failed_before;
	return f->ok;
}

bool rnn_load(struct rnn_db *db, const char *path, struct diag *d)
{
	xmlInitParser();
	struct loader l = {.db = db, .d = d};
	return load_file(&l, path, path) && !l.failed;
}

const struct rnn_node *rnn_find_domain(const struct rnn_model *m, const char *name)
{
	for (const struct rnn_node *n = m->domains; n; n = n->next)
		if (!strcmp(n->name, name))
			return n;
	return NULL;
}

const struct rnn_node *rnn_find_group(const struct rnn_model *m, const char *name)
{
	for (const struct rnn_node *n = m->groups; n; n = n->next)
		if (!strcmp(n->name, name))
			return n;
	return NULL;
}

const struct rnn_enum *rnn_find_enum(const struct rnn_model *m, const char *name)
{
	for (const struct rnn_enum *e = m->enums; e; e = e->next)
		if (!strcmp(e->name, name))
			return e;
	return NULL;
}

const struct rnn_bitset *rnn_find_bitset(const struct rnn_model *m, const char *name)
{
	for (const struct rnn_bitset *b = m->bitsets; b; b = b->next)
		if (!strcmp(b->name, name))
			return b;
	return NULL;
}

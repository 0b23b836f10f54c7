#ifndef STAND_CLIBXML2_SHIM_H
#define STAND_CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU; its encoding.h would pull system ICU headers
// whose UErrorCode clashes with Foundation's bundled ICU in the same file.
#undef LIBXML_ICU_ENABLED

#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/parser.h>

// xmlFree is a mutable global function pointer, which Swift 6 strict
// concurrency refuses to touch; call it through a plain C function instead.
static inline void stand_xml_free(void *pointer) {
    xmlFree(pointer);
}

#endif

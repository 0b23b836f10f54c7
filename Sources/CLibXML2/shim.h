#ifndef STAND_CLIBXML2_SHIM_H
#define STAND_CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU; its encoding.h would pull system ICU headers
// whose UErrorCode clashes with Foundation's bundled ICU in the same file.
#undef LIBXML_ICU_ENABLED

#include <libxml/HTMLparser.h>
// htmlIsBooleanAttr, for bare attributes like `selected`.
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/parser.h>
#include <libxml/SAX2.h>

#endif

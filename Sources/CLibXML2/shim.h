#ifndef PLANBOARD_CLIBXML2_SHIM_H
#define PLANBOARD_CLIBXML2_SHIM_H

/* Debian builds libxml2 with ICU, and encoding.h then includes ICU's <unicode/ucnv.h>, whose
   types clash with the copy of ICU inside Foundation ("'UErrorCode' has different definitions
   in different modules"). The sanitizer never touches the ICU converter fields those headers
   add to xmlCharEncodingHandler (the only struct that changes), so hide them. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/globals.h>

/* xmlFree is a global function pointer (a macro over a per-thread slot in
   threaded builds); Swift 6 refuses to touch mutable C globals, so call it here. */
static inline void planboard_xmlFree(void *p) {
    xmlFree(p);
}

/* The four error-reporting slots libxml2 keeps per thread. */
typedef struct {
    xmlStructuredErrorFunc structured;
    void *structuredContext;
    xmlGenericErrorFunc generic;
    void *genericContext;
} planboard_error_handlers;

static inline void planboard_ignoreStructuredError(void *context, xmlErrorPtr error) {
    (void)context;
    (void)error;
}

/* Variadic, so it cannot be written in Swift. */
static inline void planboard_ignoreGenericError(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

/* Silences libxml2 on the calling thread and returns what was installed before,
   so the caller can put it back after the parse. */
static inline planboard_error_handlers planboard_silenceErrors(void) {
    planboard_error_handlers saved;
    saved.structured = xmlStructuredError;
    saved.structuredContext = xmlStructuredErrorContext;
    saved.generic = xmlGenericError;
    saved.genericContext = xmlGenericErrorContext;
    xmlSetStructuredErrorFunc(NULL, planboard_ignoreStructuredError);
    xmlSetGenericErrorFunc(NULL, planboard_ignoreGenericError);
    return saved;
}

static inline void planboard_restoreErrors(planboard_error_handlers saved) {
    xmlSetStructuredErrorFunc(saved.structuredContext, saved.structured);
    /* xmlSetGenericErrorFunc(ctx, NULL) would install libxml2's stderr printer,
       which is also what an untouched thread has. */
    xmlSetGenericErrorFunc(saved.genericContext, saved.generic);
}

#endif

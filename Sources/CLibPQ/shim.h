// libpq, PostgreSQL's client library, is opened when a program first uses a PostgreSQL store,
// not linked: linking it loads it and the twenty libraries it needs (TLS, Kerberos, LDAP) at every
// start of every program, which cost `coin flip` more than its own work. Its header still gives
// every type, so each entry point below has the type libpq declares for it.
#if __has_include(<libpq-fe.h>)
#include <libpq-fe.h>
#elif __has_include(<postgresql/libpq-fe.h>)
#include <postgresql/libpq-fe.h>
#elif __has_include(</opt/homebrew/opt/libpq/include/libpq-fe.h>)
#include </opt/homebrew/opt/libpq/include/libpq-fe.h>
#elif __has_include(</usr/local/opt/libpq/include/libpq-fe.h>)
#include </usr/local/opt/libpq/include/libpq-fe.h>
#else
#error "libpq's header libpq-fe.h is missing: apt-get install libpq-dev"
#endif

#include <dlfcn.h>

#pragma clang assume_nonnull begin

/// The entry points of libpq the PostgreSQL store calls, all found when libpq is opened.
struct appcore_libpq {
    __typeof__(PQconnectStart) *connectStart;
    __typeof__(PQconnectPoll) *connectPoll;
    __typeof__(PQconnectdb) *connectdb;
    __typeof__(PQconninfoParse) *conninfoParse;
    __typeof__(PQconninfoFree) *conninfoFree;
    __typeof__(PQstatus) *status;
    __typeof__(PQsetNoticeProcessor) *setNoticeProcessor;
    __typeof__(PQfinish) *finish;
    __typeof__(PQreset) *reset;
    __typeof__(PQexec) *exec;
    __typeof__(PQexecParams) *execParams;
    __typeof__(PQclear) *clear;
    __typeof__(PQntuples) *ntuples;
    __typeof__(PQresultStatus) *resultStatus;
    __typeof__(PQgetlength) *getlength;
    __typeof__(PQgetvalue) *getvalue;
    __typeof__(PQsocket) *socket;
    __typeof__(PQconsumeInput) *consumeInput;
    __typeof__(PQnotifies) *notifies;
    __typeof__(PQfreemem) *freemem;
    __typeof__(PQerrorMessage) *errorMessage;
};

/// Opens libpq and fills `pq` with its entry points: NULL when every one was found, else what the
/// loader said (libpq not there, not a library, or without one of them).
static inline const char *_Nullable appcore_open_libpq(struct appcore_libpq *pq) {
    // Version 5 is the interface this header declares, and the one every libpq since 2005 keeps.
#if defined(__APPLE__)
    // Homebrew keeps libpq out of the loader's paths ("keg-only").
    void *_Nullable library = dlopen("libpq.5.dylib", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("/opt/homebrew/opt/libpq/lib/libpq.5.dylib", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("/usr/local/opt/libpq/lib/libpq.5.dylib", RTLD_NOW | RTLD_LOCAL);
#else
    void *_Nullable library = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
#endif
    if (library == NULL) return dlerror();
#define APPCORE_FIND(field, symbol) \
    if ((pq->field = (__typeof__(pq->field))dlsym(library, #symbol)) == NULL) return dlerror();
    APPCORE_FIND(connectStart, PQconnectStart)
    APPCORE_FIND(connectPoll, PQconnectPoll)
    APPCORE_FIND(connectdb, PQconnectdb)
    APPCORE_FIND(conninfoParse, PQconninfoParse)
    APPCORE_FIND(conninfoFree, PQconninfoFree)
    APPCORE_FIND(status, PQstatus)
    APPCORE_FIND(setNoticeProcessor, PQsetNoticeProcessor)
    APPCORE_FIND(finish, PQfinish)
    APPCORE_FIND(reset, PQreset)
    APPCORE_FIND(exec, PQexec)
    APPCORE_FIND(execParams, PQexecParams)
    APPCORE_FIND(clear, PQclear)
    APPCORE_FIND(ntuples, PQntuples)
    APPCORE_FIND(resultStatus, PQresultStatus)
    APPCORE_FIND(getlength, PQgetlength)
    APPCORE_FIND(getvalue, PQgetvalue)
    APPCORE_FIND(socket, PQsocket)
    APPCORE_FIND(consumeInput, PQconsumeInput)
    APPCORE_FIND(notifies, PQnotifies)
    APPCORE_FIND(freemem, PQfreemem)
    APPCORE_FIND(errorMessage, PQerrorMessage)
#undef APPCORE_FIND
    return NULL;
}

#pragma clang assume_nonnull end

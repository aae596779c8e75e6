/* The prefix the SDK's libraries were installed for, which a program
 * linked with them (not one of the SDK's tools) finds the SDK's data in
 * (util_sdk_path). Empty in the build tree, whose tools find it beside
 * themselves: make install compiles this file again with PREFIX and puts
 * that object in the installed libraries in place of this one
 * (sdk/make/install.mk). */
#include "util/util.h"

#ifndef SDK_INSTALL_PREFIX
#define SDK_INSTALL_PREFIX ""
#endif

const char util_sdk_install_prefix[] = SDK_INSTALL_PREFIX;

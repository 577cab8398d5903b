// SPDX-License-Identifier: LGPL-2.1
#include "plugin/plugin_search.h"

#include <dirent.h>
#include <sys/stat.h>

#include <cstdlib>
#include <cstring>
#include <string>

#include "plugin/plugin_config.h"

namespace tep::plugin {

namespace {

bool ends_with(const char* name, const char* suffix) {
  size_t n = std::strlen(name), s = std::strlen(suffix);
  return n >= s && std::strcmp(name + n - s, suffix) == 0;
}

}  // namespace

void for_each_file_in(const char* dir, const char* suffix, const FileVisitor& visit) {
  struct stat st;
  if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode)) return;
  DIR* d = opendir(dir);
  if (!d) return;
  while (const dirent* ent = readdir(d)) {
    const char* name = ent->d_name;
    if (std::strcmp(name, ".") == 0 || std::strcmp(name, "..") == 0) continue;
    if (!ends_with(name, suffix)) continue;
    visit(dir, name);
  }
  closedir(d);
}

void for_each_plugin_file(const PluginPaths* paths, int flags, const char* suffix, const FileVisitor& visit) {
  if (flags & TEP_DISABLE_PLUGINS) return;

  if (paths)
    for (const std::string& dir : paths->with_priority(TEP_PLUGIN_FIRST)) for_each_file_in(dir.c_str(), suffix, visit);

  if (!(flags & TEP_DISABLE_SYS_PLUGINS)) for_each_file_in(TEP_BUILTIN_PLUGIN_DIR, suffix, visit);

  // Later directories override earlier ones: the last plugin loaded wins.
  if (const char* env = std::getenv("TRACEEVENT_PLUGIN_DIR")) for_each_file_in(env, suffix, visit);

  const char* home = std::getenv("HOME");
  if (!home) return;
  const std::string user_dir = std::string(home) + "/" + kUserPluginDir;
  for_each_file_in(user_dir.c_str(), suffix, visit);

  if (paths)
    for (const std::string& dir : paths->with_priority(TEP_PLUGIN_LAST)) for_each_file_in(dir.c_str(), suffix, visit);
}

}  // namespace tep::plugin

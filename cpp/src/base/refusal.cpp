#include "supclust/base/refusal.hpp"

namespace supclust {

namespace {
bool startsName(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool inName(char c) { return startsName(c) || (c >= '0' && c <= '9') || c == '.'; }

// The length of the name at the start of s (a letter or '_', then letters, digits, '_', '.').
std::size_t leadingName(const std::string& s) {
  if (s.empty() || !startsName(s[0])) return 0;
  std::size_t i = 1;
  while (i < s.size() && inName(s[i])) ++i;
  return i;
}
}  // namespace

std::string fieldNamedBy(const std::string& message) {
  const std::size_t lead = leadingName(message);
  if (lead > 0 && message.compare(lead, 2, ": ") == 0) return message.substr(0, lead);
  const std::string marker = "option '";
  if (const std::size_t at = message.find(marker); at != std::string::npos) {
    const std::size_t start = at + marker.size(), end = message.find('\'', start);
    if (end != std::string::npos && end > start) return message.substr(start, end - start);
  }
  return message.substr(0, lead);
}

}  // namespace supclust

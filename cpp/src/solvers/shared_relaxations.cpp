// sharedConditionalGradient(): CG relaxations remembered across calls (conditional_gradient.hpp).
#include <array>
#include <cstdint>
#include <cstring>
#include <deque>
#include <mutex>

#include "supclust/solvers/conditional_gradient.hpp"

namespace supclust {

namespace {
// Two 64-bit FNV-1a-style streams with different offsets, over the inputs' 8-byte words (then
// any remaining bytes): one multiply per word keeps hashing a design far below a CG fit's cost.
class Hash128 {
 public:
  void add(const void* data, std::size_t bytes) {
    const auto* p = static_cast<const unsigned char*>(data);
    std::size_t i = 0;
    for (; i + 8 <= bytes; i += 8) {
      std::uint64_t word;
      std::memcpy(&word, p + i, 8);
      mix(word);
    }
    for (; i < bytes; ++i) mix(p[i]);
  }
  template <class T>
  void add(const T& value) { add(&value, sizeof value); }
  std::array<std::uint64_t, 2> value() const { return h_; }

 private:
  void mix(std::uint64_t w) {
    h_[0] = (h_[0] ^ w) * 0x100000001b3ULL;
    h_[1] = (h_[1] ^ w) * 0x100000001b3ULL + 0x9e3779b97f4a7c15ULL;
  }
  std::array<std::uint64_t, 2> h_{0xcbf29ce484222325ULL, 0x84222325cbf29ce4ULL};
};

// Enough for every relaxation of a cross-validated CG row on each of 8 threads (21 each), and
// never more than 32 MB (large d: the oldest go first).
constexpr std::size_t kRemembered = 256, kBytes = std::size_t{32} << 20;
std::size_t bytesOf(const ConditionalGradientResult& r) {
  return sizeof r + (r.psi.size() + r.gap.size() + static_cast<std::size_t>(r.primal.size())) * sizeof(double) +
         r.groups.size() * sizeof(std::int32_t);
}
struct Memory {
  std::mutex mutex;
  std::deque<std::pair<std::array<std::uint64_t, 2>, ConditionalGradientResult>> entries;
  std::size_t bytes = 0, hits = 0;
};
Memory& memory() {
  static Memory m;
  return m;
}
}  // namespace

ConditionalGradientResult sharedConditionalGradient(const CenteredDesign& X, const Vector& y, int Q,
                                                    double lambda, const ConditionalGradientOptions& opt,
                                                    const Control& control) {
  Hash128 h;
  const Eigen::Index n = X.rows(), d = X.cols();
  h.add(n);
  h.add(d);
  h.add(X.X().data(), static_cast<std::size_t>(n * d) * sizeof(double));
  h.add(X.means().data(), static_cast<std::size_t>(d) * sizeof(double));
  h.add(y.data(), static_cast<std::size_t>(y.size()) * sizeof(double));
  h.add(Q);
  h.add(lambda);
  h.add(opt.maxIterations);
  h.add(opt.tolerance);
  h.add(opt.system);
  const auto key = h.value();
  Memory& m = memory();
  {
    std::lock_guard<std::mutex> lock(m.mutex);
    for (const auto& entry : m.entries)
      if (entry.first == key) {
        ++m.hits;
        return entry.second;
      }
  }
  ConditionalGradientResult r = conditionalGradient(X, y, Q, lambda, opt, control);
  if (r.status == Status::Aborted) return r;
  std::lock_guard<std::mutex> lock(m.mutex);
  m.entries.emplace_back(key, r);
  m.bytes += bytesOf(r);
  while (m.entries.size() > kRemembered || (m.bytes > kBytes && m.entries.size() > 1)) {
    m.bytes -= bytesOf(m.entries.front().second);
    m.entries.pop_front();
  }
  return r;
}

std::size_t sharedConditionalGradientHits() {
  std::lock_guard<std::mutex> lock(memory().mutex);
  return memory().hits;
}

}  // namespace supclust

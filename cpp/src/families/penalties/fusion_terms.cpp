#include "supclust/families/penalties/fusion_terms.hpp"

#include <algorithm>

namespace supclust {

std::size_t CombinedTerms::blocks() const {
  std::size_t s = 0;
  for (const auto& p : parts_) s += p->blocks();
  return s;
}

std::pair<FusionTerms*, std::size_t> CombinedTerms::at(std::size_t b) const {
  for (const auto& p : parts_) {
    if (b < p->blocks()) return {p.get(), b};
    b -= p->blocks();
  }
  return {parts_.back().get(), b};  // unreachable for b < blocks()
}

void CombinedTerms::addGram(Matrix& K) const {
  for (const auto& p : parts_) p->addGram(K);
}

double fusionValue(const FusionTerms& terms, const Vector& beta, Heartbeat* heartbeat) {
  std::size_t widest = 0;
  for (std::size_t b = 0; b < terms.blocks(); ++b) widest = std::max(widest, terms.rows(b));
  std::vector<double> v(widest);
  double s = 0;
  for (std::size_t b = 0; b < terms.blocks(); ++b) {
    terms.apply(b, beta, v.data());
    s += terms.value(b, v.data());
    if (heartbeat) heartbeat->beat();
  }
  return s;
}

}  // namespace supclust

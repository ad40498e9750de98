#include "supclust/base/types.hpp"

namespace supclust {

const char* statusName(Status s) {
  switch (s) {
    case Status::Converged:
      return "converged";
    case Status::MaxIterations:
      return "max-iterations";
    case Status::InvalidInput:
      return "invalid-input";
    case Status::NumericalIssue:
      return "numerical-issue";
    case Status::Aborted:
      return "aborted";
  }
  return "internal";
}

const char* kindName(ModelKind k) {
  switch (k) {
    case ModelKind::Experts:
      return "experts";
    case ModelKind::Tasks:
      return "tasks";
    default:
      return "features";
  }
}

}  // namespace supclust

#include "supclust/base/uninitialised.hpp"

namespace supclust {

template <class T>
UninitialisedVector<T>::~UninitialisedVector() = default;

template class UninitialisedVector<double>;
template class UninitialisedVector<std::int32_t>;

}  // namespace supclust

// SPDX-License-Identifier: LGPL-2.1
// Catalog: the typed view of one tep_handle, created by the consumer and freed
// before the handle. It keeps one TypedEvent per event, created on first
// request, and the constants the consumer supplies for names the kernel left
// unexpanded. A TypedEvent's model is built on first use and rebuilt when the
// event's print plan was rebuilt (kallsyms, printk formats, handlers or print
// functions arrived: tep_handle::generation) or constants were defined, in a
// base::GenerationSlot: older models stay alive until the catalog goes, so a
// reader never holds a dangling one. Column handles are stable: a rebuilt model has the same columns.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string_view>
#include <vector>

#include "base/generation_slot.h"
#include "format/event.h"
#include "core/handle.h"
#include "typed/model.h"
#include "typed/tables.h"

namespace tep::typed {

class Catalog;
class TypedEvent;

// Tell a handle of this API from any other pointer a C caller may pass.
constexpr uint32_t kCatalogMagic = 0x74657643;  // "Ctev"
constexpr uint32_t kEventMagic = 0x74657645;    // "Etev"
constexpr uint32_t kColumnMagic = 0x74657663;   // "ctev"

// What a consumer holds for one column (or raw field) of an event.
struct ColumnHandle {
  uint32_t magic;
  TypedEvent* event;
  uint32_t index;
  bool is_field;
  // The model it belongs to when that is never rebuilt (a function's
  // parameters, function_args.h); null: the event's current model.
  const Model* model = nullptr;
};

class FunctionArgsCache;

class TypedEvent {
 public:
  TypedEvent(Catalog& catalog, format::Event& event);
  ~TypedEvent();
  TypedEvent(const TypedEvent&) = delete;
  TypedEvent& operator=(const TypedEvent&) = delete;

  // The current model (built or rebuilt as needed).
  const Model& model();
  format::Event& event() const { return event_; }
  tep_handle& tep() const;

  size_t column_count() const { return columns_.size(); }
  size_t field_count() const { return fields_.size(); }
  const ColumnHandle* column(size_t i) const { return i < columns_.size() ? columns_[i].get() : nullptr; }
  const ColumnHandle* field(size_t i) const { return i < fields_.size() ? fields_[i].get() : nullptr; }

  // A handle's column in `m` (null if the handle belongs elsewhere). In line:
  // a batch resolves each of its columns.
  static const Column* resolve(const Model& m, const ColumnHandle& h) {
    const std::vector<Column>& list = h.is_field ? m.fields : m.columns;
    return h.index < list.size() ? &list[h.index] : nullptr;
  }

  Catalog& catalog() const { return catalog_; }
  // The parameters of its records' functions (function_args.h), made on first use.
  FunctionArgsCache& function_args();

  const uint32_t magic = kEventMagic;

 private:
  Catalog& catalog_;
  format::Event& event_;
  base::GenerationSlot model_;  // every model ever published lives as long as the event
  std::vector<std::unique_ptr<ColumnHandle>> columns_, fields_;
  std::unique_ptr<FunctionArgsCache> function_args_;
};

class Catalog {
 public:
  explicit Catalog(tep_handle& tep) : tep_(tep) {}
  Catalog(const Catalog&) = delete;
  Catalog& operator=(const Catalog&) = delete;

  tep_handle& tep() const { return tep_; }
  // The typed event of `event` (created on first request).
  TypedEvent& event(format::Event& event);

  // A value for a table key the kernel left as a name; rebuilds the models.
  void define(std::string_view name, uint64_t value);
  uint64_t constants_version() const { return constants_version_.load(std::memory_order_acquire); }
  // The generation a current model was built for: the handle's (whose plans
  // it reads) and the constants'. A model of another is stale.
  uint64_t model_generation() const { return tep_.generation.load(std::memory_order_acquire) + constants_version(); }

  // The BTF that types function arguments: the catalog's own (load_btf), else
  // the handle's (tep_load_btf); null when neither. Under mutex().
  const btf::Btf* btf() const { return btf_ ? btf_.get() : tep_.btf.get(); }
  // Replaces the catalog's own BTF (null: back to the handle's).
  void load_btf(std::unique_ptr<btf::Btf> btf);
  std::mutex& mutex() { return mutex_; }

  const uint32_t magic = kCatalogMagic;

 private:
  friend class TypedEvent;
  tep_handle& tep_;
  // Serialises creating typed events, building models and defining constants.
  std::mutex mutex_;
  std::vector<std::unique_ptr<TypedEvent>> events_;  // by format::Event::index
  Constants constants_;
  std::unique_ptr<btf::Btf> btf_;  // load_btf's; models of function arguments do not point into it
  std::atomic<uint64_t> constants_version_{0};
};

}  // namespace tep::typed

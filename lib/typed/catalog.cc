// SPDX-License-Identifier: LGPL-2.1
#include "typed/catalog.h"

#include "print_plan/plan_cache.h"
#include "typed/function_args.h"

namespace tep::typed {

TypedEvent::TypedEvent(Catalog& catalog, format::Event& event) : catalog_(catalog), event_(event) {}
TypedEvent::~TypedEvent() = default;

FunctionArgsCache& TypedEvent::function_args() {
  std::lock_guard<std::mutex> lock(catalog_.mutex_);
  if (!function_args_) function_args_ = std::make_unique<FunctionArgsCache>(*this);
  return *function_args_;
}

tep_handle& TypedEvent::tep() const { return catalog_.tep(); }

const Model& TypedEvent::model() {
  // Current without the walk to the event's print plan (a model is built on
  // the plan of the handle's generation then).
  if (const Model* m = model_.current<Model>(catalog_.model_generation())) return *m;
  const print_plan::Plan& plan = print_plan::plan_for(catalog_.tep(), event_);
  std::lock_guard<std::mutex> catalog_lock(catalog_.mutex_);  // the constants, and column handles made once
  std::lock_guard<std::mutex> lock(model_.build_mutex());
  const uint64_t generation = plan.generation + catalog_.constants_version();
  if (const Model* m = model_.current<Model>(generation)) return *m;
  const Model* fresh = model_.publish(build_model(catalog_.tep(), event_, plan, catalog_.constants_, generation));
  if (columns_.empty() && fields_.empty()) {
    for (size_t i = 0; i < fresh->columns.size(); i++)
      columns_.push_back(
          std::make_unique<ColumnHandle>(ColumnHandle{kColumnMagic, this, static_cast<uint32_t>(i), false}));
    for (size_t i = 0; i < fresh->fields.size(); i++)
      fields_.push_back(
          std::make_unique<ColumnHandle>(ColumnHandle{kColumnMagic, this, static_cast<uint32_t>(i), true}));
  }
  return *fresh;
}

TypedEvent& Catalog::event(format::Event& event) {
  TypedEvent* typed;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (events_.size() <= event.index) events_.resize(event.index + 1);
    std::unique_ptr<TypedEvent>& slot = events_[event.index];
    if (!slot) slot = std::make_unique<TypedEvent>(*this, event);
    typed = slot.get();
  }
  typed->model();  // the handles exist once the first model does
  return *typed;
}

void Catalog::load_btf(std::unique_ptr<btf::Btf> btf) {
  std::lock_guard<std::mutex> lock(mutex_);
  btf_ = std::move(btf);
}

void Catalog::define(std::string_view name, uint64_t value) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = constants_.find(name);
  if (it != constants_.end())
    it->second = value;
  else
    constants_.emplace(std::string(name), value);
  constants_version_.fetch_add(1, std::memory_order_acq_rel);
}

}  // namespace tep::typed

import Mustache

// Mustache looks names up through the context stack: without these conformances it builds a
// `Mirror` of every view model on the stack for every tag, which made a 300-task board take
// about 200 ms to draw. A switch per type answers the same lookups without reflection.
// `ViewModelLookupTests` checks that every stored property is answered, so a new field cannot be
// forgotten here.

extension BoardPage: MustacheParent {
    package func child(named name: String) -> Any? {
        switch name {
        case "revision": revision
        case "csrf": csrf
        case "banner": banner
        case "notice": notice
        case "columns": columns
        case "taskCountLabel": taskCountLabel
        case "welcome": welcome
        case "menu": menu
        case "scriptStrings": scriptStrings
        case "filterQuery": filterQuery
        case "filtered": filtered
        case "filterSwitches": filterSwitches
        case "unfilteredPath": unfilteredPath
        case "cardsPerGroup": Self.cardsPerGroup
        default: nil
        }
    }
}

extension BoardPage.FilterSwitch: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "label": label
        case "on": on
        case "path": path
        default: nil
        }
    }
}

extension BoardPage.ColumnView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "title": title
        case "count": count
        case "countLabel": countLabel
        case "shown": shown
        case "shownLabel": shownLabel
        case "shownCards": shownCards
        case "markupEnd": markupEnd
        case "addLabel": addLabel
        case "newTaskLabel": newTaskLabel
        case "hideFinishedLabel": hideFinishedLabel
        case "showFinishedLabel": showFinishedLabel
        case "finishedCount": finishedCount
        case "hasFinished": hasFinished
        case "hidesFinished": hidesFinished
        case "drawn": drawn
        case "cards": cards
        case "add": add
        case "finishedPath": finishedPath
        case "clearFinishedPath": clearFinishedPath
        case "clearFinishedLabel": clearFinishedLabel
        default: nil
        }
    }
}

extension CardView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "title": title
        case "important": important
        case "finished": finished
        case "excerpt": excerpt
        case "progress": progress
        case "state": state
        case "name": self.name
        case "finishValue": finishValue
        case "finishLabel": finishLabel
        case "moreLabel": moreLabel
        case "importantLabel": importantLabel
        case "paths": paths
        case "dates": dates
        case "search": search
        case "searchCut": searchCut
        case "fold": fold
        case "hasDeadline": hasDeadline
        case "overdue": overdue
        case "scheduled": scheduled
        default: nil
        }
    }
}

extension BoardPage.AddForm: MustacheParent {
    package func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "important": important
        case "error": error
        default: nil
        }
    }
}

extension Banner: MustacheParent {
    package func child(named name: String) -> Any? {
        switch name {
        case "kind": kind
        case "message": message
        default: nil
        }
    }
}

extension Notice: MustacheParent {
    func child(named name: String) -> Any? {
        name == "message" ? message : nil
    }
}

extension ActionsView: MustacheParent {
    func child(named name: String) -> Any? {
        name == "items" ? items : nil
    }
}

extension ActionsView.Item: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "action": action
        case "value": value
        case "label": label
        case "formAction": formAction
        case "name": self.name
        case "enabled": enabled
        case "danger": danger
        case "key": key
        default: nil
        }
    }
}

extension CardDates: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "marks": marks
        case "spoken": spoken
        default: nil
        }
    }
}

extension CardDates.Mark: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "kind": kind
        case "state": state
        case "text": text
        case "title": title
        default: nil
        }
    }
}

import DictionaryStorage

/// The sample models, registered for the browser and the command line.
public enum SampleModels {
    /// Every sample model.
    public static let registry: ModelRegistry = {
        var registry = ModelRegistry()
        registry.register(Person.self)
        registry.register(UsageList.self)
        registry.register(Web.self)
        registry.register(App.self)
        registry.register(Post.self)
        registry.register(ImagePayload.self)
        registry.register(VideoPayload.self)
        registry.register(Screen.self)
        registry.register(ImageItem.self)
        registry.register(TextItem.self)
        registry.register(SocialUser.self)
        registry.register(User.self)
        registry.register(Student.self)
        registry.register(Teacher.self)
        registry.register(Homework.self)
        return registry
    }()
}
